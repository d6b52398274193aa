//! A printed timeline laid out, before anything is drawn: its rows (people or projects) with
//! their bars in lanes, and the pages they take — days across (as many as the paper's width
//! holds at the zoom chosen), rows down (as many as its height holds). Pure numbers, tested alone.

use planner_domain::capacity::Status;
use planner_domain::{Assignment, Date, DateRange, Person, Project, TimeOff};
use std::collections::HashMap;

/// Paper sizes, landscape, in points (1/72 inch).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Paper {
    A4,
    Letter,
}

impl Paper {
    /// Width and height, landscape.
    pub fn size(self) -> (f32, f32) {
        match self {
            Paper::A4 => (841.89, 595.28),
            Paper::Letter => (792.0, 612.0),
        }
    }
}

/// How wide a day is: as at one of the screen's zooms, or the range fitted to the paper's width
/// (one page across; at most a day zoom's width, at least a month zoom's).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Zoom {
    Day,
    Week,
    Month,
    Fit,
}

impl Zoom {
    /// A day's width on `paper` when `days` are printed.
    pub fn day_width(self, days: i64, paper: Paper) -> f32 {
        match self {
            Zoom::Day => 22.0,
            Zoom::Week => 7.0,
            Zoom::Month => 2.2,
            Zoom::Fit => (grid_width(paper) / days.max(1) as f32).clamp(2.2, 22.0),
        }
    }

    /// Whether a day is wide enough to shade weekends and number days.
    pub fn shows_days(self, days: i64, paper: Paper) -> bool {
        self.day_width(days, paper) >= 5.0
    }
}

/// The width the days have on a page.
fn grid_width(paper: Paper) -> f32 {
    paper.size().0 - 2.0 * MARGIN - NAMES_WIDTH
}

/// Whose rows: a row a person (their bookings named by project), or a row a project (its
/// bookings named by person).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RowsOf {
    People,
    Projects,
}

pub const MARGIN: f32 = 28.0;
pub const NAMES_WIDTH: f32 = 130.0;
pub const TITLE_HEIGHT: f32 = 22.0;
/// The months' line and the days' line of the header.
pub const HEADER_HEIGHT: f32 = 30.0;
pub const FOOTER_HEIGHT: f32 = 16.0;
pub const LANE_HEIGHT: f32 = 14.0;
pub const ROW_PADDING: f32 = 4.0;

/// A bar: its days, its colour, its label, and whether it is tentative.
#[derive(Debug, Clone, PartialEq)]
pub struct Bar {
    pub range: DateRange,
    pub lane: usize,
    pub rgb: [u8; 3],
    pub label: String,
    pub tentative: bool,
}

/// A row: its name, its bars in lanes, and (a person's) time off and days without work.
#[derive(Debug, Clone, PartialEq)]
pub struct Row {
    pub name: String,
    pub bars: Vec<Bar>,
    pub lanes: usize,
    pub away: Vec<DateRange>,
    /// A person's public holidays and days off in their working week: shaded as weekends are,
    /// as on screen.
    pub closed: Vec<DateRange>,
}

impl Row {
    pub fn height(&self) -> f32 {
        self.lanes.max(1) as f32 * LANE_HEIGHT + ROW_PADDING
    }
}

/// A page: the days it shows (`days.0` first, `days.1` after the last) and its rows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Page {
    pub days: (Date, Date),
    pub rows: (usize, usize),
}

/// A row gathered before its lanes: its name, its owner's id (the order among equal names),
/// its bookings, time off and days without work.
type Gathered<'a> = (String, String, Vec<&'a Assignment>, Vec<DateRange>, Vec<DateRange>);

/// The runs of days of `range` that `closed` says a person does not work.
pub fn closed_days(range: DateRange, closed: impl Fn(Date) -> bool) -> Vec<DateRange> {
    let mut runs: Vec<DateRange> = Vec::new();
    let mut start: Option<Date> = None;
    for i in 0..=range.days() {
        let d = range.start().add_days(i);
        let shut = i < range.days() && closed(d);
        match (shut, start) {
            (true, None) => start = Some(d),
            (false, Some(s)) => {
                if let Ok(run) = DateRange::new(s, d) {
                    runs.push(run);
                }
                start = None;
            }
            _ => {}
        }
    }
    runs
}

/// The rows of `range`: people (placeholders too) or projects by name, each booking meeting the
/// range in the first lane free over its days; a person's days without work from `closed`.
pub fn rows(
    range: DateRange,
    of: RowsOf,
    people: &[Person],
    projects: &[Project],
    assignments: &[Assignment],
    time_off: &[TimeOff],
    closed: &dyn Fn(&Person) -> Vec<DateRange>,
) -> Vec<Row> {
    let person: HashMap<_, _> = people.iter().map(|p| (&p.id, p)).collect();
    let project: HashMap<_, _> = projects.iter().map(|p| (&p.id, p)).collect();
    let mut bookings: Vec<&Assignment> = assignments
        .iter()
        .filter(|a| {
            a.range.overlaps(range)
                && person.contains_key(&a.person_id)
                && project.contains_key(&a.project_id)
        })
        .collect();
    // By start, then by the name the bar shows (a project's people in order), then id.
    let shown = |a: &Assignment| match of {
        RowsOf::People => project.get(&a.project_id).map(|p| p.name.as_str()),
        RowsOf::Projects => person.get(&a.person_id).map(|p| p.name.as_str()),
    };
    bookings.sort_by(|a, b| {
        a.range
            .start()
            .cmp(&b.range.start())
            .then_with(|| shown(a).cmp(&shown(b)))
            .then_with(|| a.id.cmp(&b.id))
    });
    let mut rows: Vec<Gathered<'_>> = match of {
        RowsOf::People => people
            .iter()
            .map(|p| {
                let mine = bookings.iter().copied().filter(|a| a.person_id == p.id).collect();
                let away = time_off
                    .iter()
                    .filter(|t| t.person_id == p.id && t.range.overlaps(range))
                    .map(|t| t.range)
                    .collect();
                (p.name.to_string(), p.id.to_string(), mine, away, closed(p))
            })
            .collect(),
        RowsOf::Projects => projects
            .iter()
            .map(|p| {
                let its = bookings.iter().copied().filter(|a| a.project_id == p.id).collect();
                (p.name.to_string(), p.id.to_string(), its, Vec::new(), Vec::new())
            })
            .collect(),
    };
    rows.sort_by(|a, b| a.0.cmp(&b.0).then_with(|| a.1.cmp(&b.1)));
    rows.into_iter()
        .map(|(name, _, bookings, away, closed)| {
            let mut lane_ends: Vec<Date> = Vec::new();
            let bars = bookings
                .into_iter()
                .map(|a| {
                    let lane = match lane_ends.iter().position(|end| *end <= a.range.start()) {
                        Some(l) => l,
                        None => {
                            lane_ends.push(a.range.start());
                            lane_ends.len() - 1
                        }
                    };
                    lane_ends[lane] = a.range.end_exclusive();
                    let p = project[&a.project_id];
                    let label = match of {
                        RowsOf::People => p.name.to_string(),
                        RowsOf::Projects => person[&a.person_id].name.to_string(),
                    };
                    Bar {
                        range: a.range,
                        lane,
                        rgb: p.color.rgb(),
                        label,
                        tentative: a.status == Status::Tentative,
                    }
                })
                .collect();
            Row { name, bars, lanes: lane_ends.len(), away, closed }
        })
        .collect()
}

/// The height a page holds for rows.
fn room(paper: Paper) -> f32 {
    paper.size().1 - 2.0 * MARGIN - TITLE_HEIGHT - HEADER_HEIGHT - FOOTER_HEIGHT
}

/// `rows` with each row taller than a page cut into rows of as many lanes as a page holds (a
/// project with forty people at once), the name again on each part.
pub fn fit(rows: Vec<Row>, paper: Paper) -> Vec<Row> {
    let most = (((room(paper) - ROW_PADDING) / LANE_HEIGHT).floor() as usize).max(1);
    let mut out = Vec::with_capacity(rows.len());
    for row in rows {
        if row.lanes <= most {
            out.push(row);
            continue;
        }
        for first in (0..row.lanes).step_by(most) {
            let last = (first + most).min(row.lanes);
            let bars = row
                .bars
                .iter()
                .filter(|b| (first..last).contains(&b.lane))
                .map(|b| Bar { lane: b.lane - first, ..b.clone() })
                .collect();
            out.push(Row {
                name: row.name.clone(),
                bars,
                lanes: last - first,
                away: row.away.clone(),
                closed: row.closed.clone(),
            });
        }
    }
    out
}

/// The pages of `rows` over `range` on `paper` at `zoom`: across first (the days each page
/// holds), then down (the rows each page holds); every page repeats the header and the names.
pub fn pages(range: DateRange, rows: &[Row], paper: Paper, zoom: Zoom) -> Vec<Page> {
    let day_w = zoom.day_width(range.days(), paper);
    // (A hair of slack: a fitted range is one page across, whatever the rounding.)
    let days_across = (((grid_width(paper) + 0.01) / day_w).floor() as i64).max(1);
    let room = room(paper);
    // Rows down: as many as fit; a row taller than a page gets a page of its own.
    let mut downs = Vec::new();
    let mut first = 0;
    while first < rows.len() {
        let mut used = 0.0;
        let mut end = first;
        while end < rows.len() && (end == first || used + rows[end].height() <= room) {
            used += rows[end].height();
            end += 1;
        }
        downs.push((first, end));
        first = end;
    }
    if downs.is_empty() {
        downs.push((0, 0));
    }
    let mut out = Vec::new();
    let mut start = range.start();
    while start < range.end_exclusive() {
        let end = start.add_days(days_across).min(range.end_exclusive());
        out.extend(downs.iter().map(|&rows| Page { days: (start, end), rows }));
        start = end;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use planner_domain::capacity::Allocation;
    use planner_domain::{AssignmentId, Color, Name, PersonId, ProjectId};

    fn d(s: &str) -> Date {
        Date::parse(s).unwrap()
    }

    fn booking(p: &Person, q: &Project, first: &str, last: &str) -> Assignment {
        Assignment {
            id: AssignmentId::generate(),
            person_id: p.id.clone(),
            project_id: q.id.clone(),
            range: DateRange::from_inclusive(d(first), d(last)).unwrap(),
            allocation: Allocation::FULL_DAY,
            status: Status::Confirmed,
            version: 1,
            series: None,
        }
    }

    #[test]
    fn overlapping_bookings_take_lanes_and_pages_split_days_then_rows() {
        let ada = Person::new(PersonId::generate(), Name::parse("Ada").unwrap());
        let bo = Person::new(PersonId::generate(), Name::parse("Bo").unwrap());
        let apollo = Project {
            id: ProjectId::generate(),
            name: Name::parse("Apollo").unwrap(),
            color: Color::from_rgb(1, 2, 3),
            version: 1,
        };
        let items = [
            booking(&ada, &apollo, "2027-01-04", "2027-01-08"),
            booking(&ada, &apollo, "2027-01-06", "2027-01-12"),
            booking(&ada, &apollo, "2027-01-11", "2027-01-15"),
        ];
        let range = DateRange::from_inclusive(d("2027-01-01"), d("2027-03-31")).unwrap();
        let people = [bo.clone(), ada.clone()];
        let rows =
            rows(range, RowsOf::People, &people, std::slice::from_ref(&apollo), &items, &[], &|_| Vec::new());
        assert_eq!(rows.iter().map(|r| r.name.as_str()).collect::<Vec<_>>(), ["Ada", "Bo"]);
        assert_eq!(rows[0].bars.iter().map(|b| b.lane).collect::<Vec<_>>(), [0, 1, 0]);
        assert_eq!(rows[0].lanes, 2);
        // A4 at day zoom: (841.89 − 56 − 130) / 22 = 29 days a page; 90 days → 4 pages across.
        let pages = pages(range, &rows, Paper::A4, Zoom::Day);
        assert_eq!(pages.len(), 4);
        assert_eq!(pages[0].days, (d("2027-01-01"), d("2027-01-30")));
        assert_eq!(pages[3].days, (d("2027-03-29"), d("2027-04-01")));
        assert!(pages.iter().all(|p| p.rows == (0, 2)));
        // Fitted: the ninety days on one page across.
        let fitted = super::pages(range, &rows, Paper::A4, Zoom::Fit);
        assert_eq!(fitted.iter().map(|p| p.days).collect::<Vec<_>>(), [(d("2027-01-01"), d("2027-04-01"))]);
        // A short range is not stretched past a day zoom's width.
        assert_eq!(Zoom::Fit.day_width(7, Paper::A4), 22.0);
        // Many rows go down onto more pages, each page's days the same.
        let many: Vec<Row> = (0..80)
            .map(|i| Row { name: format!("P{i}"), bars: vec![], lanes: 1, away: vec![], closed: vec![] })
            .collect();
        let down = super::pages(
            DateRange::from_inclusive(d("2027-01-01"), d("2027-01-10")).unwrap(),
            &many,
            Paper::A4,
            Zoom::Day,
        );
        assert_eq!(down.len(), 4, "{down:?}");
        assert_eq!((down[0].rows.0, down[3].rows.1), (0, 80));
        // A row of 40 lanes is cut into rows a page holds (33 lanes on A4), each named again.
        let tall = Row {
            name: "Apollo".into(),
            bars: (0..40).map(|lane| Bar { lane, ..rows[0].bars[0].clone() }).collect(),
            lanes: 40,
            away: vec![],
            closed: vec![],
        };
        let cut = fit(vec![tall], Paper::A4);
        assert_eq!(
            cut.iter().map(|r| (r.name.as_str(), r.lanes, r.bars.len())).collect::<Vec<_>>(),
            [("Apollo", 33, 33), ("Apollo", 7, 7)]
        );
        assert_eq!(cut[1].bars.iter().map(|b| b.lane).max(), Some(6));
    }
}
