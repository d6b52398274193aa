//! The printed timeline checked as a reader sees it: its pages rendered to images by poppler's
//! `pdftoppm` (at 72 dpi, a pixel a point) and its text read back by `pdftotext`. Thirty-six
//! people over ninety days at day zoom on A4: eight pages (four across, two down), every one with
//! the header and names; each bar's colour where its days are, tentative bars and time off
//! hatched, weekends and a person's public holidays shaded; Japanese names in the text as
//! written, in an embedded CJK font.

use super::*;
use crate::print::layout::{HEADER_HEIGHT, MARGIN, NAMES_WIDTH, TITLE_HEIGHT};
use planner_domain::capacity::{Allocation, Status, TimeOffKind, WorkWeek};
use planner_domain::{
    Assignment, AssignmentId, CalendarId, Color, Holiday, Name, Person, PersonId, Project, ProjectId, Team,
    TeamId, TimeOff, TimeOffId, WindowItems,
};
use std::path::{Path, PathBuf};
use std::process::Command;

fn d(s: &str) -> Date {
    Date::parse(s).unwrap()
}

fn days(first: &str, last: &str) -> DateRange {
    DateRange::from_inclusive(d(first), d(last)).unwrap()
}

const BLUE: [u8; 3] = [0x3b, 0x82, 0xf6];
const GREEN: [u8; 3] = [0x10, 0xb9, 0x81];

/// 36 people ("00 山田 太郎" …), each booked on Apollo (blue) in the first week of 2027 and,
/// tentatively, on 保守 (green) in the second; the first away on the 18th and 19th; the second
/// in a holiday calendar with a holiday on Wednesday the 20th.
fn timeline() -> Timeline {
    let mut people: Vec<Person> = (0..36)
        .map(|i| Person::new(PersonId::generate(), Name::parse(&format!("{i:02} 山田 太郎")).unwrap()))
        .collect();
    let calendar = CalendarId::generate();
    people[1].calendar = Some(calendar.clone());
    let holiday = Holiday { calendar, day: d("2027-01-20"), name: Name::parse("大寒").unwrap() };
    let project = |name: &str, c: [u8; 3]| Project {
        id: ProjectId::generate(),
        name: Name::parse(name).unwrap(),
        color: Color::from_rgb(c[0], c[1], c[2]),
        version: 1,
    };
    let (apollo, upkeep) = (project("Apollo", BLUE), project("保守", GREEN));
    let booking = |p: &Person, q: &Project, range: DateRange, status: Status| Assignment {
        id: AssignmentId::generate(),
        person_id: p.id.clone(),
        project_id: q.id.clone(),
        range,
        allocation: Allocation::FULL_DAY,
        status,
        version: 1,
        series: None,
    };
    let mut assignments = Vec::new();
    for p in &people {
        assignments.push(booking(p, &apollo, days("2027-01-04", "2027-01-08"), Status::Confirmed));
        assignments.push(booking(p, &upkeep, days("2027-01-11", "2027-01-15"), Status::Tentative));
    }
    let away = TimeOff {
        id: TimeOffId::generate(),
        person_id: people[0].id.clone(),
        range: days("2027-01-18", "2027-01-19"),
        kind: TimeOffKind::Holiday,
        minutes: None,
        version: 1,
    };
    Timeline {
        team: Team {
            id: TeamId::generate(),
            name: Name::parse("デザイン部").unwrap(),
            created_at: "2026-01-01T00:00:00Z".into(),
            default_week: WorkWeek::default(),
            feed_days: Team::DEFAULT_FEED_DAYS,
        },
        window: days("2027-01-01", "2027-03-31"),
        people,
        projects: vec![apollo, upkeep],
        calendars: vec![],
        labels: vec![],
        items: WindowItems { assignments, time_off: vec![away], holidays: vec![holiday], unreadable: vec![] },
    }
}

/// A page rendered: its pixels, a pixel a point.
struct Image {
    width: usize,
    pixels: Vec<u8>,
}

impl Image {
    fn at(&self, x: f32, y: f32) -> [u8; 3] {
        let i = (y as usize * self.width + x as usize) * 3;
        [self.pixels[i], self.pixels[i + 1], self.pixels[i + 2]]
    }

    /// Pixels of the box (x, y, w, h) that `is` says yes to.
    fn count(&self, x: f32, y: f32, w: f32, h: f32, is: impl Fn([u8; 3]) -> bool) -> usize {
        let mut n = 0;
        for py in y as usize..(y + h) as usize {
            for px in x as usize..(x + w) as usize {
                n += usize::from(is(self.at(px as f32, py as f32)));
            }
        }
        n
    }

    /// Pixels of the box (x, y, w, h) near `c` (each channel within 12).
    fn near(&self, x: f32, y: f32, w: f32, h: f32, c: [u8; 3]) -> usize {
        self.count(x, y, w, h, |p| p.iter().zip(c).all(|(a, b)| a.abs_diff(b) <= 12))
    }
}

/// Reads a binary PPM (P6) as `pdftoppm -ppm` writes it.
fn ppm(path: &Path) -> Image {
    let bytes = std::fs::read(path).unwrap();
    let mut fields = Vec::new();
    let mut at = 0;
    while fields.len() < 4 {
        while bytes[at].is_ascii_whitespace() {
            at += 1;
        }
        let start = at;
        while !bytes[at].is_ascii_whitespace() {
            at += 1;
        }
        fields.push(String::from_utf8(bytes[start..at].to_vec()).unwrap());
    }
    assert_eq!(fields[0], "P6");
    let width: usize = fields[1].parse().unwrap();
    Image { width, pixels: bytes[at + 1..].to_vec() }
}

fn run(program: &str, args: &[&str]) -> String {
    let out = Command::new(program)
        .args(args)
        .output()
        .unwrap_or_else(|e| panic!("{program} (poppler-utils; ./dev test installs it): {e}"));
    assert!(out.status.success(), "{program}: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn scratch() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("rp-print-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn ninety_days_of_thirty_six_people_on_eight_a4_pages_as_a_reader_sees_them() {
    let font = japanese().expect("a font with Japanese (fonts-noto-cjk; ./dev test installs it)");
    let t = timeline();
    let print = Print {
        range: days("2027-01-01", "2027-03-31"),
        rows: RowsOf::People,
        zoom: Zoom::Day,
        paper: Paper::A4,
    };
    let made = super::timeline(&t, &print, &font, "en", d("2026-12-06")).unwrap();
    assert_eq!(made.stem, "timeline-2027-01-01-to-2027-03-31");
    let dir = scratch();
    let pdf = dir.join("timeline.pdf");
    std::fs::write(&pdf, &made.bytes).unwrap();
    let pdf = pdf.to_str().unwrap();

    // Eight pages: 29 days across each (four for ninety days), 26 rows of 18 points down each.
    let info = run("pdfinfo", &[pdf]);
    assert!(info.contains("Pages:           8"), "{info}");
    assert!(info.contains("841.89 x 595.28 pts (A4)"), "landscape A4: {info}");
    // The font embedded (a subset) with its Unicode map, so the names read back as written.
    let fonts = run("pdffonts", &[pdf]);
    assert!(fonts.lines().any(|l| l.contains("NotoSansCJK") && l.contains("yes yes yes")), "{fonts}");
    let page_text =
        |n: usize| run("pdftotext", &["-f", &n.to_string(), "-l", &n.to_string(), "-layout", pdf, "-"]);
    let first = page_text(1);
    assert!(first.contains("デザイン部 — 2027-01-01 – 2027-03-31"), "{first}");
    assert!(
        first.contains("00 山田 太郎") && first.contains("25 山田 太郎") && !first.contains("26 山田 太郎")
    );
    assert!(first.contains("Jan 2027") && first.contains("Page 1 of 8") && first.contains("保守"), "{first}");
    // The second page down: the header and title again, the next rows' names.
    let second = page_text(2);
    assert!(
        second.contains("26 山田 太郎")
            && second.contains("35 山田 太郎")
            && !second.contains("25 山田 太郎")
    );
    assert!(second.contains("Jan 2027") && second.contains("デザイン部") && second.contains("Page 2 of 8"));
    // The last days' page: March, and every name again.
    let last = page_text(7);
    assert!(
        last.contains("Mar 2027") && last.contains("00 山田 太郎") && !last.contains("Jan 2027"),
        "{last}"
    );

    // The pages as images, a pixel a point.
    run("pdftoppm", &["-r", "72", pdf, dir.join("page").to_str().unwrap()]);
    let page = |n: usize| ppm(&dir.join(format!("page-{n}.ppm")));
    let one = page(1);
    let grid = MARGIN + NAMES_WIDTH;
    let row0 = MARGIN + TITLE_HEIGHT + HEADER_HEIGHT;
    let day_x = |i: f32| grid + i * 22.0;
    // (The weekend's shade is 12 below white: told apart within 3.)
    let exactly = |c: [u8; 3]| move |p: [u8; 3]| p.iter().zip(c).all(|(a, b)| a.abs_diff(b) <= 3);
    let (shade, white) = ([0xf3, 0xf4, 0xf6], [255, 255, 255]);
    // Apollo's bar, solid blue, from the 4th (day 3) to the 8th; white before it on the 1st.
    assert_eq!(one.near(day_x(5.2), row0 + 3.5, 12.0, 1.0, BLUE), 12, "Apollo's blue on its days");
    assert_eq!(one.count(day_x(0.2), row0 + 3.5, 12.0, 1.0, exactly(white)), 12, "nothing on the 1st");
    // The 2nd, a Saturday, shaded as the screen shades weekends.
    assert_eq!(one.count(day_x(1.3), row0 + 8.0, 10.0, 1.0, exactly(shade)), 10, "the weekend's shade");
    // 保守's tentative bar: light green with green hatching, as on screen.
    // (Its hatching's lines are anti-aliased: greener than the fill, not always the colour itself.)
    let light_green = [195, 238, 223];
    let (x, y) = (day_x(12.0), row0 + 2.0);
    let hatch = one.count(x, y, 22.0, 4.0, |p| p[1] > p[0].saturating_add(60) && p[0] < 150);
    let light = one.near(x, y, 22.0, 4.0, light_green);
    assert!(hatch > 8 && light > 8, "hatched: {hatch} green, {light} light green");
    // The first person's time off on the 18th and 19th: grey, hatched.
    let grey = |p: [u8; 3]| p[2] > p[0] && p[0] < 200 && p[0] > 100;
    let away = one.count(day_x(17.0), row0 + 1.0, 44.0, 16.0, grey);
    let away_light = one.near(day_x(17.0), row0 + 1.0, 44.0, 16.0, [228, 232, 237]);
    assert!(away > 20 && away_light > 100, "time off: {away} grey, {away_light} light grey");
    // A person without time off: none of that grey there.
    assert_eq!(one.count(day_x(17.0), row0 + 19.0, 44.0, 16.0, grey), 0);
    // The second person's public holiday on the 20th: shaded in their row as weekends are, and
    // only there (the third's day stays white); the 21st, a working day, white in both.
    assert_eq!(one.count(day_x(19.3), row0 + 26.0, 10.0, 1.0, exactly(shade)), 10, "their holiday's shade");
    assert_eq!(one.count(day_x(19.3), row0 + 44.0, 10.0, 1.0, exactly(white)), 10, "not another's");
    assert_eq!(one.count(day_x(20.3), row0 + 26.0, 10.0, 1.0, exactly(white)), 10, "the next day");
    // Page 2 (rows 26–35): the header band and the first name's ink are there again.
    let two = page(2);
    assert!(
        two.near(MARGIN + 1.0, MARGIN + TITLE_HEIGHT + 1.0, 100.0, 2.0, [0xf9, 0xfa, 0xfb]) > 150,
        "the header band"
    );
    let ink = |p: [u8; 3]| p.iter().all(|&c| c < 120);
    assert!(two.count(MARGIN, row0 + 2.0, 100.0, 12.0, ink) > 10, "a name's ink");
    assert_eq!(two.count(MARGIN, row0 + 2.0 + 18.0 * 10.0, 100.0, 12.0, ink), 0, "no eleventh row on page 2");
    assert_eq!(two.near(day_x(5.2), row0 + 3.5, 12.0, 1.0, BLUE), 12, "row 26's Apollo bar");
}

#[test]
fn project_rows_name_their_people_and_words_follow_the_language() {
    let font = japanese().expect("a font with Japanese");
    let t = timeline();
    let print = Print {
        range: days("2027-01-01", "2027-01-31"),
        rows: RowsOf::Projects,
        zoom: Zoom::Week,
        paper: Paper::Letter,
    };
    let made = super::timeline(&t, &print, &font, "ja", d("2026-12-06")).unwrap();
    let dir = scratch();
    let pdf = dir.join("projects.pdf");
    std::fs::write(&pdf, &made.bytes).unwrap();
    let pdf = pdf.to_str().unwrap();
    let info = run("pdfinfo", &[pdf]);
    assert!(info.contains("792 x 612 pts (letter)"), "{info}");
    let text = run("pdftotext", &["-layout", pdf, "-"]);
    // A row per project; each project's 36 people at once take more lanes than a Letter page
    // holds (34): its row goes on, named again, on the next page — four pages in all.
    assert!(text.contains("Apollo") && text.contains("保守") && text.contains("2027年1月"), "{text}");
    assert!(info.contains("Pages:           4"), "{info}");
    let second = run("pdftotext", &["-f", "2", "-l", "2", "-layout", pdf, "-"]);
    assert!(
        second.contains("Apollo") && second.contains("35 山田 太郎") && !second.contains("保守"),
        "{second}"
    );
    assert!(text.contains("1 / 4 ページ") && text.contains("2026-12-06 印刷"), "{text}");
    assert!(text.contains("00 山田 太郎"), "the bars say whose they are");
    // A range too long is refused, with a sentence.
    let long = Print { range: days("2027-01-01", "2029-12-31"), ..print };
    let e = super::timeline(&t, &long, &font, "en", d("2026-12-06")).unwrap_err();
    assert!(e.to_string().contains("covers at most"), "{e}");
}
