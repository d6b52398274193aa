//! The window query and the timeline (docs/data-model.md, access patterns 4 and 1): the
//! assignments overlapping a window, and the time off and holidays of the days its figures rest
//! on, each series read level by level at a cost that follows those days, not the history.

use super::capacity_items;
use super::catalog::Catalog;
use super::items;
use crate::keys::{self, Series};
use crate::plan::Plan;
use crate::sdk::{Item, key, query_all, query_days, s};
use crate::{StoreError, TeamScope, window};
use aws_sdk_dynamodb::types::AttributeValue;
use planner_domain::capacity::{Report, ReportInput};
use planner_domain::{
    Action, Assignment, Calendar, Date, DateRange, Holiday, Person, PersonId, Project, Team, TimeOff,
    Unreadable, WindowItems,
};
use serde::Serialize;
use std::collections::{BTreeMap, HashSet};

/// What the timeline shows for one window.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Timeline {
    pub team: Team,
    pub window: DateRange,
    pub people: Vec<Person>,
    pub projects: Vec<Project>,
    /// The team's holiday calendars.
    pub calendars: Vec<Calendar>,
    /// The team's groups, roles and skills.
    pub labels: Vec<planner_domain::Label>,
    /// Assignments overlapping the window whose person and project are both shown; the time off
    /// of the people shown and the holidays, on the window's reach (`WindowItems::reach`).
    #[serde(flatten)]
    pub items: WindowItems,
}

/// Time off and holidays read for some days, and what of them could not be read back.
pub(crate) type CapacityItems = (Vec<TimeOff>, Vec<Holiday>, Vec<Unreadable>);

/// The index levels each series uses (one item, `ASLVL`).
#[derive(Debug, Clone, Default)]
pub(crate) struct LevelsInUse {
    pub assignments: Vec<u8>,
    pub time_off: Vec<u8>,
    /// Every time off of the team has its person's entry (`OFP#…`): set when the team is made
    /// (and by an import, or `rp-admin reindex`, which write them all); a team from before they
    /// existed is read without them.
    pub person_entries: bool,
}

impl LevelsInUse {
    pub(crate) fn of(&self, series: Series) -> &[u8] {
        match series {
            Series::Assignments => &self.assignments,
            Series::TimeOff => &self.time_off,
        }
    }
}

/// What a read parsed, and the items it could not read back.
type Parsed<T> = (Vec<T>, Vec<Unreadable>);

/// Keeps the items that overlap `window`, once each (an entry read at two levels, or as main
/// item and index entry, counts once), sorted by start day and id.
fn overlapping<T>(
    found: impl IntoIterator<Item = T>,
    window: DateRange,
    range: impl Fn(&T) -> (DateRange, String),
) -> Vec<T> {
    let mut kept = BTreeMap::new();
    for x in found {
        let (r, id) = range(&x);
        if r.overlaps(window) {
            kept.insert((r.start(), id), x);
        }
    }
    kept.into_values().collect()
}

impl Plan<'_> {
    /// Exactly the assignments with `start < window.end && end > window.start`, sorted by start
    /// day and id. Reads the short assignments near the window and the index entries of the long
    /// ones, level by level (see `window`); the cost follows what the window shows, not history.
    pub async fn assignments_in_window(
        self,
        scope: &TeamScope,
        window: DateRange,
    ) -> Result<Vec<Assignment>, StoreError> {
        self.store.require(scope, Action::ReadPlan, "assignments_in_window")?;
        let parse = items::assignment_from_item;
        let (levels, short) = tokio::try_join!(
            self.levels(scope),
            self.query_level(scope, Series::Assignments, 0, window, parse)
        )?;
        let (found, _) = self.with_long(scope, Series::Assignments, &levels, window, short, parse).await?;
        Ok(found)
    }

    /// Everything dated in a window: its assignments (exactly as [`Plan::assignments_in_window`]
    /// finds them), and the time off and holidays of its [reach](WindowItems::reach), so that
    /// every figure of its days is the one a read of everything gives. One Get of the levels and
    /// three Queries, more only for the levels in use; when a total overlapping the window runs
    /// past it, the time off and holidays of the days it reaches beyond are read next (each side
    /// one more Query of each series, their cost following those days, not the history).
    pub async fn window_items(self, scope: &TeamScope, window: DateRange) -> Result<WindowItems, StoreError> {
        self.store.require(scope, Action::ReadPlan, "window_items")?;
        // The short items' pages and, once the levels in use are known, the long items' index
        // entries, at once (the long ones waited for the last short page).
        let shorts = async {
            tokio::try_join!(
                self.query_level(scope, Series::Assignments, 0, window, items::assignment_from_item),
                self.query_level(scope, Series::TimeOff, 0, window, capacity_items::time_off_from_item),
                self.holidays_in(scope, window),
            )
        };
        let longs = async {
            let levels = self.levels(scope).await?;
            let (assignments, time_off) = tokio::try_join!(
                self.long_levels(scope, Series::Assignments, &levels, window, items::assignment_from_item),
                self.long_levels(scope, Series::TimeOff, &levels, window, capacity_items::time_off_from_item),
            )?;
            Ok::<_, StoreError>((levels, assignments, time_off))
        };
        let ((short_assignments, short_time_off, holidays), (levels, long_assignments, long_time_off)) =
            tokio::try_join!(shorts, longs)?;
        let (assignments, mut unreadable) = merged(window, short_assignments, long_assignments);
        let (mut time_off, off_unreadable) = merged(window, short_time_off, long_time_off);
        unreadable.extend(off_unreadable);
        let mut holidays = items::readable(&holidays, capacity_items::holiday_from_item, &mut unreadable);
        let reach = WindowItems::reach(window, &assignments);
        let beyond = self.beyond_window(scope, &levels, &reach).await?;
        time_off.extend(beyond.0);
        holidays.extend(beyond.1);
        unreadable.extend(beyond.2);
        // Of the time off read, what the figures rest on (another person's days off beyond the
        // window move none of them), once each (time off across the window's edge was read on
        // both sides).
        time_off.retain(|t| reach.holds(t));
        let time_off = overlapping(time_off, reach.days(), |t| (t.range, t.id.as_str().to_owned()));
        holidays.sort_by(|a, b| (a.day, &a.calendar).cmp(&(b.day, &b.calendar)));
        unreadable.sort_by(|a, b| a.key.cmp(&b.key));
        unreadable.dedup();
        Ok(WindowItems { assignments, time_off, holidays, unreadable })
    }

    /// The time off and holidays of a window's reach beyond the window (what its totals' figures
    /// rest on), and what of those could not be read back. A superset of the time off the reach
    /// holds; the caller keeps what it holds.
    ///
    /// After the window: the days the totals reach, read for the whole team (the plan's future,
    /// not its history). Before it: the days a short total can reach (at most
    /// [`window::SHORT_MAX_DAYS`] − 1) for the whole team, then, for each person with a total that
    /// began earlier, that person's own time off back to its start (one Query of their entries
    /// by end day), so that a total that began years ago costs what its person's days off over
    /// those years cost, not everyone's. A team whose time off has no person entries yet
    /// (`LevelsInUse::person_entries`) is read for the whole team on both sides.
    async fn beyond_window(
        self,
        scope: &TeamScope,
        levels: &LevelsInUse,
        reach: &planner_domain::Reach,
    ) -> Result<CapacityItems, StoreError> {
        let (window, days) = (reach.window(), reach.days());
        let near = if levels.person_entries {
            days.start().max(window.start().add_days(1 - window::SHORT_MAX_DAYS))
        } else {
            days.start()
        };
        let team_wide = [
            DateRange::window(near, window.start()).ok(),
            DateRange::window(window.end_exclusive(), days.end_exclusive()).ok(),
        ];
        let far = DateRange::window(days.start(), near).ok();
        // Whose totals began before the near days (none when there are no far days).
        let people: Vec<(&PersonId, DateRange)> = reach.people().filter(|(_, r)| r.start() < near).collect();
        let (sides, far_holidays, own) = tokio::try_join!(
            futures::future::try_join_all(
                team_wide.into_iter().flatten().map(|days| self.capacity_items_in(scope, levels, days))
            ),
            async {
                match far {
                    Some(far) => self.holidays_in(scope, far).await,
                    None => Ok(Vec::new()),
                }
            },
            futures::future::try_join_all(people.iter().map(|(person, r)| {
                self.person_time_off_ending(scope, person, r.start().add_days(1), near)
            })),
        )?;
        let mut unreadable = Vec::new();
        let mut holidays = items::readable(&far_holidays, capacity_items::holiday_from_item, &mut unreadable);
        let mut time_off =
            items::readable(own.iter().flatten(), capacity_items::time_off_from_item, &mut unreadable);
        for (more_off, more_holidays, more_unreadable) in sides {
            time_off.extend(more_off);
            holidays.extend(more_holidays);
            unreadable.extend(more_unreadable);
        }
        Ok((time_off, holidays, unreadable))
    }

    /// A person's time-off entries whose end day (exclusive) is in `[first, last]`: one Query.
    async fn person_time_off_ending(
        self,
        scope: &TeamScope,
        person: &PersonId,
        first: Date,
        last: Date,
    ) -> Result<Vec<Item>, StoreError> {
        let range = keys::person_time_off_range(person, first, last);
        query_all(self.store.query_range(scope.pk(), range, self.store.strong_reads)).await
    }

    /// The time off of one person overlapping `days` (and perhaps more of theirs), and the
    /// holidays on those days: a total's days when it is made or moved. Read through the
    /// person's entries (their time off ending after the first day, up to the longest a time off
    /// lasts past the last), or, in a team without them, as the window reads its days.
    pub(crate) async fn person_capacity_items(
        self,
        scope: &TeamScope,
        person: &PersonId,
        days: DateRange,
    ) -> Result<CapacityItems, StoreError> {
        let levels = self.levels(scope).await?;
        if !levels.person_entries {
            return self.capacity_items_in(scope, &levels, days).await;
        }
        let last = days.end_exclusive().add_days(planner_domain::MAX_ASSIGNMENT_DAYS);
        let (own, holidays) = tokio::try_join!(
            self.person_time_off_ending(scope, person, days.start().add_days(1), last),
            self.holidays_in(scope, days)
        )?;
        let mut unreadable = Vec::new();
        let time_off = items::readable(&own, capacity_items::time_off_from_item, &mut unreadable);
        let holidays = items::readable(&holidays, capacity_items::holiday_from_item, &mut unreadable);
        Ok((time_off.into_iter().filter(|t| t.range.overlaps(days)).collect(), holidays, unreadable))
    }

    /// The time off overlapping `days` and the holidays on them, and what of those could not be
    /// read back (the days beyond a window; a total's days when it is made or moved).
    pub(crate) async fn capacity_items_in(
        self,
        scope: &TeamScope,
        levels: &LevelsInUse,
        days: DateRange,
    ) -> Result<CapacityItems, StoreError> {
        let (short, holidays) = tokio::try_join!(
            self.query_level(scope, Series::TimeOff, 0, days, capacity_items::time_off_from_item),
            self.holidays_in(scope, days)
        )?;
        let (time_off, mut unreadable) = self
            .with_long(scope, Series::TimeOff, levels, days, short, capacity_items::time_off_from_item)
            .await?;
        let holidays = items::readable(&holidays, capacity_items::holiday_from_item, &mut unreadable);
        Ok((time_off, holidays, unreadable))
    }

    /// The short items read (parsed), and the long ones of every level in use, overlapping the
    /// window; and those that could not be read back.
    async fn with_long<T: Dated>(
        self,
        scope: &TeamScope,
        series: Series,
        levels: &LevelsInUse,
        window: DateRange,
        short: Parsed<T>,
        parse: fn(&Item) -> Result<T, StoreError>,
    ) -> Result<Parsed<T>, StoreError> {
        let long = self.long_levels(scope, series, levels, window, parse).await?;
        Ok(merged(window, short, long))
    }

    /// The long items of every level in use of `series` that may overlap `window` (each level
    /// one query), and those that could not be read back.
    async fn long_levels<T>(
        self,
        scope: &TeamScope,
        series: Series,
        levels: &LevelsInUse,
        window: DateRange,
        parse: fn(&Item) -> Result<T, StoreError>,
    ) -> Result<Vec<Parsed<T>>, StoreError> {
        futures::future::try_join_all(
            levels.of(series).iter().map(|level| self.query_level(scope, series, *level, window, parse)),
        )
        .await
    }

    /// One level's items of `series` that may overlap `window`, parsed page by page as they come
    /// (the SDK's items of one page held at a time); and those that could not be read back.
    async fn query_level<T>(
        self,
        scope: &TeamScope,
        series: Series,
        level: u8,
        window: DateRange,
        parse: fn(&Item) -> Result<T, StoreError>,
    ) -> Result<Parsed<T>, StoreError> {
        let ask = |first, last| {
            self.store
                .query_range(scope.pk(), series.range(level, first, last), self.store.strong_reads)
                .filter_expression("endDateExclusive > :from")
                .expression_attribute_values(":from", s(window.start().to_string()))
        };
        // On the heap: the SDK's futures of the first page and of each part, inside every read
        // that awaits this one, overflowed a test thread's stack in debug builds.
        let pages = Box::pin(query_days(
            ask,
            window::start_bounds(level, window),
            |sk| series.start_of(level, sk),
            |page| {
                let mut unreadable = Vec::new();
                (items::readable(page, parse, &mut unreadable), unreadable)
            },
        ))
        .await?;
        let (mut found, mut unreadable) = (Vec::new(), Vec::new());
        for (more, bad) in pages {
            found.extend(more);
            unreadable.extend(bad);
        }
        Ok((found, unreadable))
    }

    /// The holiday items of every calendar on the days of `window`: one Query (keys hold the day).
    async fn holidays_in(self, scope: &TeamScope, window: DateRange) -> Result<Vec<Item>, StoreError> {
        let (first, last) = (window.start(), window.end_exclusive().add_days(-1));
        self.holiday_items(scope, first, last, self.store.strong_reads).await
    }

    /// The holiday items of every calendar on the days `[first, last]`: one Query.
    pub(crate) async fn holiday_items(
        self,
        scope: &TeamScope,
        first: Date,
        last: Date,
        consistent: bool,
    ) -> Result<Vec<Item>, StoreError> {
        query_all(self.store.query_range(scope.pk(), keys::holiday_range(first, last), consistent)).await
    }

    /// The index levels in use of both series. No `ASLVL` item: none (no long item was ever
    /// written). A set that is missing from it (an item written before both sets held "00"), of
    /// another type, or holding what is no level: every level, so that a damaged item over-reads
    /// rather than hides the long items.
    pub(crate) async fn levels(self, scope: &TeamScope) -> Result<LevelsInUse, StoreError> {
        let out = self.store.get(key(scope.pk(), keys::LEVELS), self.store.strong_reads).await?;
        let every = || (1..=window::MAX_LEVEL).collect::<Vec<u8>>();
        let read = |series: Series| {
            let Some(item) = out.as_ref() else {
                return Vec::new();
            };
            let Some(AttributeValue::Ss(levels)) = item.get(series.levels_attribute()) else {
                return every();
            };
            let parsed: Option<Vec<u8>> =
                levels.iter().map(|l| l.parse::<u8>().ok().filter(|l| *l <= window::MAX_LEVEL)).collect();
            match parsed {
                Some(levels) => levels.into_iter().filter(|l| *l >= 1).collect(),
                None => every(),
            }
        };
        let person_entries = out
            .as_ref()
            .is_some_and(|item| matches!(item.get(keys::PERSON_ENTRIES), Some(AttributeValue::Bool(true))));
        Ok(LevelsInUse {
            assignments: read(Series::Assignments),
            time_off: read(Series::TimeOff),
            person_entries,
        })
    }

    /// Everything the timeline shows for a window: the team, its people, projects and holiday
    /// calendars, and what the window holds. An assignment or time off whose person (or project)
    /// is missing or being deleted is left out, so a deleted row's bars never show, whatever the
    /// timing.
    pub async fn timeline(self, scope: &TeamScope, window: DateRange) -> Result<Timeline, StoreError> {
        self.store.require(scope, Action::ReadPlan, "timeline")?;
        let ((team, bad_team), catalog, (calendars, bad_calendars), mut items) = tokio::try_join!(
            self.team_meta_named(scope),
            self.read_catalog(scope, self.store.strong_reads),
            self.read_calendars(scope, self.store.strong_reads),
            self.window_items(scope, window)
        )?;
        let Catalog { people, projects, labels, unreadable, .. } = catalog;
        items.unreadable.extend(unreadable);
        items.unreadable.extend(bad_calendars);
        items.unreadable.extend(bad_team);
        let shown_people: HashSet<_> = people.iter().map(|r| &r.id).collect();
        let shown_projects: HashSet<_> = projects.iter().map(|p| &p.id).collect();
        items
            .assignments
            .retain(|a| shown_people.contains(&a.person_id) && shown_projects.contains(&a.project_id));
        items.time_off.retain(|t| shown_people.contains(&t.person_id));
        Ok(Timeline { team, window, people, projects, calendars, labels, items })
    }

    /// The utilisation report of `range` (weeks from `first_weekday`, 0 Monday): the timeline's
    /// read of the range (the team's labels name the demand by role), its figures made by
    /// [`Report::build`]. Any member may read it; a range too long is refused before anything is
    /// read.
    pub async fn report(
        self,
        scope: &TeamScope,
        range: DateRange,
        first_weekday: u8,
    ) -> Result<Report, StoreError> {
        Report::check_range(range)?;
        let t = self.timeline(scope, range).await?;
        Ok(Report::build(ReportInput {
            range,
            first_weekday,
            default_week: t.team.default_week,
            people: &t.people,
            projects: &t.projects,
            labels: &t.labels,
            items: &t.items,
        })?)
    }

    /// Every assignment of the team (export, checks). Reads the whole history: not for screens.
    pub async fn all_assignments(self, scope: &TeamScope) -> Result<Vec<Assignment>, StoreError> {
        self.store.require(scope, Action::ReadPlan, "all_assignments")?;
        let rows = query_all(self.store.query_range(scope.pk(), keys::all_assignments_range(), true)).await?;
        rows.iter().map(items::assignment_from_item).collect()
    }

    /// Every assignment, time off and holiday of the team that can be read back, and those that
    /// cannot (left out and named: export, import and copy go on without them). Reads the whole
    /// history: not for screens.
    pub(crate) async fn all_dated_readable(
        self,
        scope: &TeamScope,
    ) -> Result<(Vec<Assignment>, Vec<TimeOff>, Vec<Holiday>, Vec<Unreadable>), StoreError> {
        self.store.require(scope, Action::ReadPlan, "all_dated")?;
        let (assignments, time_off, holidays) = tokio::try_join!(
            query_all(self.store.query_range(scope.pk(), keys::all_assignments_range(), true)),
            query_all(self.store.query_range(scope.pk(), Series::TimeOff.all(), true)),
            query_all(self.store.query_range(scope.pk(), keys::all_holidays_range(), true)),
        )?;
        let mut unreadable = Vec::new();
        let assignments = items::readable(&assignments, items::assignment_from_item, &mut unreadable);
        let time_off = items::readable(&time_off, capacity_items::time_off_from_item, &mut unreadable);
        let holidays = items::readable(&holidays, capacity_items::holiday_from_item, &mut unreadable);
        Ok((assignments, time_off, holidays, unreadable))
    }
}

/// The short items read and the long ones of every level (`long`), those overlapping `window`
/// once each, in order of start day and id; and those that could not be read back.
fn merged<T: Dated>(window: DateRange, short: Parsed<T>, long: Vec<Parsed<T>>) -> Parsed<T> {
    let (mut found, mut unreadable) = short;
    for (more, bad) in long {
        found.extend(more);
        bad.into_iter().for_each(|u| items::note_unreadable(&mut unreadable, u));
    }
    (overlapping(found, window, |x| (x.range(), x.id().to_owned())), unreadable)
}

/// An item of a series: its range and id.
pub(crate) trait Dated {
    fn range(&self) -> DateRange;
    fn id(&self) -> &str;
}

impl Dated for Assignment {
    fn range(&self) -> DateRange {
        self.range
    }
    fn id(&self) -> &str {
        self.id.as_str()
    }
}

impl Dated for TimeOff {
    fn range(&self) -> DateRange {
        self.range
    }
    fn id(&self) -> &str {
        self.id.as_str()
    }
}
