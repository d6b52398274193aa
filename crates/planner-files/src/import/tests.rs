//! The import on real files made to match each preset's documented format
//! (`fixtures/import/`), held against a team kept in memory: what the preview says of each row,
//! and that the same file again changes nothing.

use super::*;
use planner_domain::capacity::{Allocation, Status, TimeOffKind};
use planner_domain::{Assignment, Date, Label, LabelKind, Person, Project, TimeOff};
use planner_store::BookingEdit;

fn fixture(name: &str) -> Vec<u8> {
    let path = format!("{}/fixtures/import/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn d(s: &str) -> Date {
    Date::parse(s).unwrap()
}

fn options(preset: Preset, holds: Holds) -> Options {
    Options { preset, holds, mapping: None, dates: None }
}

/// A team kept in memory, written to as the store would be.
#[derive(Default)]
struct Owned {
    people: Vec<Person>,
    projects: Vec<Project>,
    assignments: Vec<Assignment>,
    time_off: Vec<TimeOff>,
    labels: Vec<Label>,
}

/// The day the tests' imports are made.
const TODAY: &str = "2027-01-11";

impl Owned {
    fn team(&self) -> Team<'_> {
        Team {
            people: &self.people,
            projects: &self.projects,
            assignments: &self.assignments,
            time_off: &self.time_off,
            labels: &self.labels,
            today: d(TODAY),
        }
    }

    fn write(&mut self, w: Writes) {
        self.labels.extend(w.labels);
        for c in w.people_changed {
            for q in self.people.iter_mut().filter(|q| q.id == c.person.id) {
                q.name = c.name.clone().unwrap_or(q.name.clone());
                q.labels = c.labels.clone().unwrap_or(q.labels.clone());
            }
        }
        self.projects.extend(w.projects);
        for c in w.projects_changed {
            for q in self.projects.iter_mut().filter(|q| q.id == c.project.id) {
                q.name = c.name.clone().unwrap_or(q.name.clone());
                q.color = c.color.unwrap_or(q.color);
            }
        }
        self.people.extend(w.people);
        for edit in w.bookings {
            match edit {
                BookingEdit::Create(n) => self.assignments.push(n.made().unwrap()),
                BookingEdit::Update { current, change } => {
                    let a = self.assignments.iter_mut().find(|a| a.id == current.id).unwrap();
                    a.person_id = change.person_id;
                    a.project_id = change.project_id;
                    a.range = change.range;
                    a.allocation = change.allocation.unwrap_or(a.allocation);
                    a.status = change.status.unwrap_or(a.status);
                }
                BookingEdit::Delete(a) => self.assignments.retain(|b| b.id != a.id),
            }
        }
        for t in w.time_off {
            match t {
                TimeOffWrite::Create(n) => self.time_off.push(TimeOff {
                    id: n.id,
                    person_id: n.person_id,
                    range: n.change.range,
                    kind: n.change.kind,
                    minutes: n.change.minutes,
                    version: 1,
                }),
                TimeOffWrite::Update { current, change } => {
                    let o = self.time_off.iter_mut().find(|o| o.id == current.id).unwrap();
                    o.range = change.range;
                    o.kind = change.kind;
                    o.minutes = change.minutes;
                }
            }
        }
    }

    fn person(&self, name: &str) -> &Person {
        self.people.iter().find(|p| p.name.as_str() == name).unwrap()
    }

    /// `name`'s role, group on `day` and skills, by name.
    fn carries(&self, name: &str, day: &str) -> (Option<String>, Option<String>, Vec<String>) {
        let labels = &self.person(name).labels;
        let of = |id: &planner_domain::LabelId| {
            self.labels.iter().find(|l| l.id == *id).map(|l| l.name.to_string()).unwrap()
        };
        let mut skills: Vec<String> = labels.skills.iter().map(of).collect();
        skills.sort();
        (labels.role.as_ref().map(of), labels.groups.on(d(day)).map(of), skills)
    }

    fn bookings_of(&self, name: &str) -> Vec<(String, Date, Date, Allocation, Status)> {
        let id = &self.person(name).id;
        let project =
            |a: &Assignment| self.projects.iter().find(|p| p.id == a.project_id).unwrap().name.to_string();
        let mut out: Vec<_> = self
            .assignments
            .iter()
            .filter(|a| a.person_id == *id)
            .map(|a| (project(a), a.range.start(), a.range.last_day(), a.allocation, a.status))
            .collect();
        out.sort_by_key(|b| b.1);
        out
    }
}

/// Imports `bytes` into `team` as `options` say; the preview.
fn import(team: &mut Owned, bytes: &[u8], options: &Options) -> Preview {
    let r = read(bytes, options).unwrap();
    let p = preview(&r, team.team());
    team.write(p.writes.clone());
    p
}

#[test]
fn float_schedule_makes_people_projects_bookings_and_time_off_then_nothing_twice() {
    let mut team = Owned::default();
    let p = import(&mut team, &fixture("float-schedule.csv"), &options(Preset::Float, Holds::Bookings));
    assert_eq!(p.count(What::Skip, None), 0, "{:#?}", p.lines);
    assert_eq!(p.count(What::Create, Some(Thing::Person)), 3);
    assert_eq!(p.count(What::Create, Some(Thing::Project)), 2);
    assert_eq!(p.count(What::Create, Some(Thing::Booking)), 4);
    assert_eq!(p.count(What::Create, Some(Thing::TimeOff)), 2);
    // Month-first dates, hours a day, Y for tentative.
    assert_eq!(
        team.bookings_of("Aiko Tanaka"),
        [
            (
                "Website relaunch".into(),
                d("2027-01-04"),
                d("2027-01-08"),
                Allocation::HoursPerDay(360),
                Status::Confirmed
            ),
            (
                "Website relaunch".into(),
                d("2027-01-11"),
                d("2027-01-15"),
                Allocation::HoursPerDay(450),
                Status::Tentative
            ),
        ]
    );
    let chloe = team.person("Chloé Martin").id.clone();
    let off: Vec<_> =
        team.time_off.iter().filter(|t| t.person_id == chloe).map(|t| (t.kind, t.range.days())).collect();
    assert_eq!(off, [(TimeOffKind::Holiday, 5)]);
    // Each line names its row of the file.
    let first = &p.lines[0];
    assert_eq!((first.line, first.what, first.thing), (2, What::Create, Thing::Person));
    assert!(p.lines.iter().any(|l| l.line == 5 && l.thing == Thing::TimeOff && l.text.contains("sick")));

    // The same file again: every row already there, nothing to write.
    let again = import(&mut team, &fixture("float-schedule.csv"), &options(Preset::Float, Holds::Bookings));
    assert!(again.writes.is_empty(), "{:#?}", again.writes);
    assert_eq!(again.count(What::Same, None), 6);
    assert_eq!(again.lines.len(), 6);
}

#[test]
fn a_changed_row_changes_its_booking() {
    let mut team = Owned::default();
    import(&mut team, &fixture("float-schedule.csv"), &options(Preset::Float, Holds::Bookings));
    let edited = String::from_utf8(fixture("float-schedule.csv")).unwrap().replace(",7.5,37.5,Y,", ",5,25,,");
    let p = import(&mut team, edited.as_bytes(), &options(Preset::Float, Holds::Bookings));
    assert_eq!(p.count(What::Change, None), 1, "{:#?}", p.lines);
    let changed = p.lines.iter().find(|l| l.what == What::Change).unwrap();
    assert_eq!(changed.line, 3);
    assert_eq!(changed.reason, "7.5 h/day → 5 h/day; tentative → confirmed");
    assert_eq!(team.bookings_of("Aiko Tanaka")[1].3, Allocation::HoursPerDay(300));
}

#[test]
fn float_people_and_projects_lists() {
    let mut team = Owned::default();
    let p = import(&mut team, &fixture("float-people.csv"), &options(Preset::Float, Holds::People));
    assert_eq!(p.count(What::Create, Some(Thing::Person)), 4, "{:#?}", p.lines);
    // People type 3 is a role not yet hired.
    assert!(team.person("Senior designer — to hire").placeholder);
    assert!(!team.person("Dana Wu").placeholder);
    let p = import(&mut team, &fixture("float-projects.csv"), &options(Preset::Float, Holds::Projects));
    assert_eq!(p.count(What::Create, Some(Thing::Project)), 3);
    let again = import(&mut team, &fixture("float-projects.csv"), &options(Preset::Float, Holds::Projects));
    assert_eq!(again.count(What::Same, None), 3);
    assert!(again.writes.is_empty());
    // A colour column changes a project's colour, and only that.
    let colored = "Name,Color\nMobile app,#112233\n";
    let p = import(&mut team, colored.as_bytes(), &options(Preset::Float, Holds::Projects));
    assert_eq!(p.writes.projects_changed.len(), 1);
    assert_eq!(p.lines[0].reason, format!("colour {} → #112233", COLORS_FIRST_TWO[1]));
}

/// The colours the first projects made are given.
const COLORS_FIRST_TWO: [&str; 2] = ["#3B82F6", "#10B981"];

#[test]
fn runn_names_and_minutes_a_day() {
    let mut team = Owned::default();
    let p = import(&mut team, &fixture("runn-assignments.csv"), &options(Preset::Runn, Holds::Bookings));
    assert_eq!(p.count(What::Skip, None), 0, "{:#?}", p.lines);
    assert_eq!(
        team.bookings_of("Chloé Martin"),
        [(
            "Mobile app".into(),
            d("2027-01-06"),
            d("2027-01-06"),
            Allocation::HoursPerDay(240),
            Status::Confirmed
        )]
    );
    // Runn's people: the same names, found, and given their role (Default Role Name), team
    // and tags; again: nothing.
    let p = import(&mut team, &fixture("runn-people.csv"), &options(Preset::Runn, Holds::People));
    assert_eq!(p.count(What::Change, Some(Thing::Person)), 2, "{:#?}", p.lines);
    assert_eq!(p.count(What::Create, Some(Thing::Person)), 0);
    assert_eq!(
        team.carries("Aiko Tanaka", TODAY),
        (Some("Designer".into()), Some("Design".into()), vec!["Figma".into(), "UX".into()])
    );
    assert_eq!(
        p.lines[0].reason,
        format!(
            "role — → Designer (new role); group — → Design from {TODAY} (new group); skills + Figma, UX (new: UX, Figma)"
        )
    );
    let again = import(&mut team, &fixture("runn-people.csv"), &options(Preset::Runn, Holds::People));
    assert_eq!(again.count(What::Same, Some(Thing::Person)), 2, "{:#?}", again.lines);
    assert!(again.writes.is_empty());
}

#[test]
fn a_people_file_gives_roles_groups_and_skills_by_name_making_the_lists_it_lacks() {
    let mut team = Owned::default();
    let p = import(&mut team, &fixture("float-people.csv"), &options(Preset::Float, Holds::People));
    // Float's Job Title, Department and Tags; each label made once, however many carry it.
    assert_eq!(
        team.carries("Aiko Tanaka", "2000-01-01"),
        (Some("Designer".into()), Some("Design".into()), vec!["Figma".into(), "UX".into()])
    );
    assert_eq!(
        team.carries("Dana Wu", TODAY),
        (Some("Contractor".into()), Some("Engineering".into()), vec![])
    );
    let kinds = |k: LabelKind| {
        let mut n: Vec<String> =
            team.labels.iter().filter(|l| l.kind == k).map(|l| l.name.to_string()).collect();
        n.sort();
        n
    };
    assert_eq!(kinds(LabelKind::Role), ["Contractor", "Designer", "Engineer", "Senior Designer"]);
    assert_eq!(kinds(LabelKind::Group), ["Design", "Engineering"]);
    assert_eq!(kinds(LabelKind::Skill), ["Figma", "Rust", "UX"]);
    assert_eq!(p.writes.labels.len(), 9);
    assert_eq!(
        p.lines[0].reason,
        "new person; role Designer (new role); group Design (new group); skills Figma, UX (new: UX, Figma)"
    );
    // Again: nothing. Then Aiko moves to Engineering (from today: her days before stay in Design),
    // loses her role (an empty cell) and takes Rust (the team's) instead of her skills.
    let again = import(&mut team, &fixture("float-people.csv"), &options(Preset::Float, Holds::People));
    assert!(again.writes.is_empty(), "{:#?}", again.lines);
    let moved = "Name,Job Title,Department,Tags\naiko tanaka,,Engineering,rust\n";
    let p = import(&mut team, moved.as_bytes(), &options(Preset::Float, Holds::People));
    assert_eq!(
        p.lines[0].reason,
        format!("role Designer → —; group Design → Engineering from {TODAY}; skills + Rust − Figma, UX")
    );
    assert_eq!(p.writes.labels.len(), 0, "the team's own labels, matched in any case");
    assert_eq!(team.carries("Aiko Tanaka", TODAY), (None, Some("Engineering".into()), vec!["Rust".into()]));
    assert_eq!(team.carries("Aiko Tanaka", "2027-01-10").1, Some("Design".into()));
    // A file without the columns keeps what people carry.
    let bare = "Name\nAiko Tanaka\n";
    let p = import(&mut team, bare.as_bytes(), &options(Preset::Float, Holds::People));
    assert_eq!((p.count(What::Same, None), p.writes.is_empty()), (1, true));
    // Too many skills: the row is skipped, naming the column.
    let many: Vec<String> = (0..51).map(|i| format!("s{i}")).collect();
    let lots = format!("Name,Tags\nBen Okafor,\"{}\"\n", many.join(","));
    let p = import(&mut team, lots.as_bytes(), &options(Preset::Float, Holds::People));
    assert_eq!(p.lines[0].what, What::Skip);
    assert_eq!(p.lines[0].column.as_deref(), Some("Tags"));
    assert_eq!(p.lines[0].reason, "51 skills: a person carries at most 50");
}

#[test]
fn bad_rows_are_skipped_with_their_line_column_and_reason() {
    let mut team = Owned::default();
    let p = import(&mut team, &fixture("bad-rows.csv"), &options(Preset::Float, Holds::Bookings));
    let skipped: Vec<(usize, Option<&str>, &str)> = p
        .lines
        .iter()
        .filter(|l| l.what == What::Skip)
        .map(|l| (l.line, l.column.as_deref(), l.reason.as_str()))
        .collect();
    assert_eq!(
        skipped,
        [
            (2, Some("Start Date"), "there is no day 2027-02-30: February 2027 has 28 days"),
            (3, Some("Hours/Day"), "'eight' is not a number of hours"),
            (4, Some("Person"), "the person's name is empty"),
            (5, Some("End Date"), "the last day 2027-03-01 is before the first day 2027-03-08"),
            (
                6,
                Some("Hours/Day"),
                "'6.1' hours a day cannot be booked: a day takes 0.25 to 24 hours, in quarter hours"
            ),
            (7, Some("Tentative"), "'maybe' is neither tentative nor confirmed"),
            (9, None, "the same booking as line 8"),
        ]
    );
    assert_eq!(p.count(What::Create, Some(Thing::Booking)), 1);
}

#[test]
fn a_name_two_people_share_is_not_guessed() {
    let mut team = Owned::default();
    for _ in 0..2 {
        team.people.push(Person::new(
            planner_domain::PersonId::generate(),
            planner_domain::Name::parse("Aiko Tanaka").unwrap(),
        ));
    }
    let p = import(&mut team, &fixture("runn-assignments.csv"), &options(Preset::Runn, Holds::Bookings));
    let line = p.lines.iter().find(|l| l.line == 2).unwrap();
    assert_eq!(line.what, What::Skip);
    assert_eq!(line.reason, "2 people of the team are named Aiko Tanaka: rename one of them first");
}

#[test]
fn files_that_cannot_be_imported_get_a_sentence() {
    let o = options(Preset::Float, Holds::Bookings);
    let e = |bytes: &[u8]| read(bytes, &o).unwrap_err().to_string();
    assert_eq!(e(b"Person,Project\nAiko,Acme\n"), "the file has no column for the first day");
    assert_eq!(e(b"Person,Project,Start Date\n"), "the file has no rows under its header");
    assert_eq!(
        e(b"{\"format\": \"resource-planner/team-export\"}"),
        "the file is JSON, not a sheet: a whole team's export file is imported with `rp-admin import --file`"
    );
    assert_eq!(e(b"When,What\n"), "the file has no column for the person");
    assert_eq!(
        e(b"\xff\xfe\x00\x81\x00"),
        "the file is neither a CSV file (UTF-8 or Shift_JIS text) nor an Excel workbook (.xlsx)"
    );
    let mut mapped = o.clone();
    mapped.mapping = Some(Mapping([(Field::Person, 0), (Field::Start, 7)].into_iter().collect()));
    assert_eq!(
        read(b"Person,Start\nAiko,2027-01-04\n", &mapped).unwrap_err().to_string(),
        "column 8 is not one of the file's 2 columns"
    );
}

#[test]
fn a_japanese_workbook_with_date_cells() {
    use rust_xlsxwriter::{ExcelDateTime, Format, Workbook};
    let mut book = Workbook::new();
    let sheet = book.add_worksheet();
    let date = Format::new().set_num_format("yyyy/mm/dd");
    for (c, h) in ["名前", "プロジェクト", "開始日", "終了日", "時間/日", "状態"].iter().enumerate()
    {
        sheet.write_string(0, c as u16, *h).unwrap();
    }
    sheet.write_string(1, 0, "田中 愛子").unwrap();
    sheet.write_string(1, 1, "ウェブ刷新").unwrap();
    sheet.write_datetime_with_format(1, 2, ExcelDateTime::from_ymd(2027, 1, 4).unwrap(), &date).unwrap();
    sheet.write_datetime_with_format(1, 3, ExcelDateTime::from_ymd(2027, 1, 8).unwrap(), &date).unwrap();
    sheet.write_number(1, 4, 7.5).unwrap();
    sheet.write_string(1, 5, "仮").unwrap();
    let bytes = book.save_to_buffer().unwrap();

    let mut team = Owned::default();
    let p = import(&mut team, &bytes, &options(Preset::Generic, Holds::Bookings));
    assert_eq!(p.count(What::Skip, None), 0, "{:#?}", p.lines);
    assert_eq!(
        team.bookings_of("田中 愛子"),
        [(
            "ウェブ刷新".into(),
            d("2027-01-04"),
            d("2027-01-08"),
            Allocation::HoursPerDay(450),
            Status::Tentative
        )]
    );
}

#[test]
fn day_first_dates_when_chosen() {
    let mut team = Owned::default();
    let mut o = options(Preset::Generic, Holds::Bookings);
    let file = b"Name,Project,Start Date,End Date\nAiko,Acme,04/01/2027,08/01/2027\n";
    let p = preview(&read(file, &o).unwrap(), team.team());
    assert!(p.lines[0].reason.contains("choose the order of their day and month"), "{:#?}", p.lines);
    o.dates = Some(DateOrder::DayFirst);
    import(&mut team, file, &o);
    assert_eq!(team.bookings_of("Aiko")[0].1, d("2027-01-04"));
}

#[test]
fn people_and_projects_are_matched_by_this_app_s_id_first_and_renamed() {
    let mut team = Owned::default();
    import(&mut team, &fixture("float-people.csv"), &options(Preset::Float, Holds::People));
    import(&mut team, &fixture("float-projects.csv"), &options(Preset::Float, Holds::Projects));
    let (aiko, ben) = (team.person("Aiko Tanaka").id.clone(), team.person("Ben Okafor").id.clone());
    let project = team.projects[0].clone();
    // This app's people list, Aiko renamed in it: the same person, renamed; her labels kept
    // (no such columns here). An id the team does not have: matched by name, as without one.
    let people = format!("name,id\nAiko Sato,{aiko}\nDana Wu,01ARZ3NDEKTSV4RRFFQ69G5FAV\n");
    let p = import(&mut team, people.as_bytes(), &options(Preset::Ours, Holds::People));
    assert_eq!((p.lines[0].what, p.lines[0].reason.as_str()), (What::Change, "name Aiko Tanaka → Aiko Sato"));
    assert_eq!(p.lines[1].what, What::Same, "{:#?}", p.lines);
    assert_eq!(team.person("Aiko Sato").id, aiko);
    assert_eq!(team.carries("Aiko Sato", TODAY).0, Some("Designer".into()));
    let again = import(&mut team, people.as_bytes(), &options(Preset::Ours, Holds::People));
    assert!(again.writes.is_empty(), "{:#?}", again.lines);
    // A rename to a name another person has: skipped, said.
    let clash = format!("name,id\nBen Okafor,{aiko}\n");
    let p = import(&mut team, clash.as_bytes(), &options(Preset::Ours, Holds::People));
    assert_eq!(
        (p.lines[0].what, p.lines[0].reason.as_str()),
        (What::Skip, "another person of the team is named Ben Okafor")
    );
    assert_eq!(team.person("Ben Okafor").id, ben);
    // A project renamed and recoloured by its id; a bad id names its column.
    let projects = format!("name,color,id\nApollo 2,#123456,{}\nX,,not an id\n", project.id);
    let p = import(&mut team, projects.as_bytes(), &options(Preset::Ours, Holds::Projects));
    assert_eq!(
        p.lines[0].reason,
        format!("name {} → Apollo 2; colour {} → #123456", project.name, project.color)
    );
    assert_eq!((p.lines[1].what, p.lines[1].column.as_deref()), (What::Skip, Some("id")));
    let renamed = team.projects.iter().find(|q| q.id == project.id).unwrap();
    assert_eq!((renamed.name.as_str(), renamed.color.to_string().as_str()), ("Apollo 2", "#123456"));
}
