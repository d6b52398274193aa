//! Where a file's columns come from: the fields an import reads, and for each preset the column
//! names it knows them by (matched without regard to case, spaces or punctuation) and how it
//! writes dates and hours.
//!
//! - `Float`: Float's CSV files as its help pages describe them (support.float.com, "Importing"):
//!   people by `Name` with `People Type` 3 for a role not yet hired (a placeholder), projects by
//!   `Name`, dates month first (`mm-dd-yyyy`, ISO dates read too), allocations in hours a day
//!   (`Hours/Day`), `Tentative` marked `Y`, time off by its type; a person's `Job Title` (the
//!   role), `Department` (the group) and `Tags` (skills).
//! - `Runn`: Runn's CSV files as its help pages describe them (help.runn.io, "Data Format and
//!   Requirements"): people by `First Name` and `Last Name`, projects by `Project Name`, dates
//!   `YYYY-MM-DD`, assignments in minutes a day (`Minutes Per Day`); a person's
//!   `Default Role Name`, `Team` and `Tags`.
//! - `Ours`: this app's own exports (the plan by week or day, the people and projects lists):
//!   a booking's lines are gathered again by `booking_id`; people's `role`, `group`, `skills`.
//! - `Generic`: any file: every name above, and Japanese ones (`名前`, `プロジェクト`, `開始日`
//!   …); the dates in the order chosen.

use std::collections::BTreeMap;

/// What a row of the file can say.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Field {
    /// The person's whole name (or a placeholder's).
    Person,
    FirstName,
    LastName,
    Project,
    /// The first day (or the only one).
    Start,
    /// The last day (included); absent: the first day's only.
    End,
    HoursPerDay,
    MinutesPerDay,
    /// Hours over the whole range.
    TotalHours,
    /// A share of the working day, 1–100.
    Percent,
    /// This app's own allocation text: `6 h/day`, `50 %`, `20 h total`.
    Allocation,
    /// Tentative or confirmed (`Y`, `yes`, `tentative`, `仮` …).
    Status,
    /// A time off's type: a row with one is time off, not a booking.
    TimeOff,
    /// This app's id of a booking, person or project (its exports write them): what it names is
    /// changed, not made again.
    Id,
    /// A row for a role not yet staffed (`Y`, `yes`, `true`; Float's people type 3).
    Placeholder,
    /// A project's colour, `#RRGGBB`.
    Color,
    /// A person's role, group and skills (a people file), by name in the team's lists.
    Role,
    Group,
    Skills,
}

impl Field {
    pub const ALL: [Field; 19] = [
        Field::Person,
        Field::FirstName,
        Field::LastName,
        Field::Project,
        Field::Start,
        Field::End,
        Field::HoursPerDay,
        Field::MinutesPerDay,
        Field::TotalHours,
        Field::Percent,
        Field::Allocation,
        Field::Status,
        Field::TimeOff,
        Field::Id,
        Field::Placeholder,
        Field::Color,
        Field::Role,
        Field::Group,
        Field::Skills,
    ];
}

/// Whose export the file is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Preset {
    Ours,
    Float,
    Runn,
    Generic,
}

/// What the file holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Holds {
    /// Bookings and time off (their people and projects made when the team lacks them).
    Bookings,
    People,
    Projects,
}

/// The order of a date's parts when it is not `YYYY-MM-DD` (`03/04/2027`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DateOrder {
    /// Only `YYYY-MM-DD` (and `YYYY/MM/DD`).
    Iso,
    MonthFirst,
    DayFirst,
}

/// Which column each field is read from.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Mapping(pub BTreeMap<Field, usize>);

impl Mapping {
    pub fn column(&self, field: Field) -> Option<usize> {
        self.0.get(&field).copied()
    }

    /// The columns `preset` knows in `header`, for a file that holds `holds`.
    pub fn guess(preset: Preset, holds: Holds, header: &[String]) -> Mapping {
        let keys: Vec<String> = header.iter().map(|h| key(h)).collect();
        let mut out = BTreeMap::new();
        for field in Field::ALL {
            let names = names(preset, holds, field);
            // The preset's first name wins over a later one (`booking_first_day` over `from`).
            let found = names.iter().find_map(|n| {
                let n = key(n);
                keys.iter().position(|k| *k == n).filter(|c| !out.values().any(|v| v == c))
            });
            if let Some(column) = found {
                out.insert(field, column);
            }
        }
        Mapping(out)
    }
}

/// The date order a preset writes (the generic one reads what the user chooses).
pub fn date_order(preset: Preset) -> DateOrder {
    match preset {
        Preset::Float => DateOrder::MonthFirst,
        Preset::Ours | Preset::Runn | Preset::Generic => DateOrder::Iso,
    }
}

/// A column name as it is compared: lower case, letters and digits only.
fn key(name: &str) -> String {
    name.chars().filter(|c| c.is_alphanumeric()).flat_map(char::to_lowercase).collect()
}

/// The names `preset` gives `field` in a file that holds `holds`, the likeliest first.
fn names(preset: Preset, holds: Holds, field: Field) -> Vec<&'static str> {
    if preset == Preset::Generic {
        let mut all: Vec<&'static str> = Vec::new();
        for p in [Preset::Ours, Preset::Float, Preset::Runn] {
            all.extend(names(p, holds, field));
        }
        all.extend(japanese(holds, field));
        return all;
    }
    use Field as F;
    use Holds as H;
    use Preset as P;
    let v: &[&str] = match (preset, holds, field) {
        // This app's exports (export/sheet.rs).
        (P::Ours, H::Bookings, F::Person) => &["person"],
        (P::Ours, H::Bookings, F::Project) => &["project"],
        (P::Ours, H::Bookings, F::Start) => &["booking_first_day", "from"],
        (P::Ours, H::Bookings, F::End) => &["booking_last_day", "to"],
        (P::Ours, H::Bookings, F::Allocation) => &["booking_allocation"],
        (P::Ours, H::Bookings, F::Status) => &["status"],
        (P::Ours, H::Bookings, F::Id) => &["booking_id"],
        (P::Ours, H::Bookings | H::People, F::Placeholder) => &["placeholder"],
        (P::Ours, H::People, F::Person) => &["name"],
        (P::Ours, H::Projects, F::Project) => &["name"],
        (P::Ours, H::Projects, F::Color) => &["color"],
        (P::Ours, H::People, F::Role) => &["role"],
        (P::Ours, H::People, F::Group) => &["group"],
        (P::Ours, H::People, F::Skills) => &["skills"],
        (P::Ours, H::People | H::Projects, F::Id) => &["id"],
        // Float (support.float.com, "Importing" and the schedule's exports).
        (P::Float, H::Bookings, F::Person) => &["Person", "Name", "Person Name", "Assigned To"],
        (P::Float, H::Bookings, F::Project) => &["Project", "Project Name"],
        (P::Float, _, F::Start) => &["Start Date", "Start", "Date"],
        (P::Float, _, F::End) => &["End Date", "End"],
        (P::Float, H::Bookings, F::HoursPerDay) => &["Hours/Day", "Hours Per Day", "Hrs/Day"],
        (P::Float, H::Bookings, F::TotalHours) => &["Total Hours", "Scheduled Hours"],
        (P::Float, H::Bookings, F::Status) => &["Tentative", "Status"],
        (P::Float, H::Bookings, F::TimeOff) => &["Time Off", "Time Off Type", "Leave Type"],
        (P::Float, H::People, F::Person) => &["Name", "Person"],
        (P::Float, H::People, F::Placeholder) => &["People Type", "Type"],
        (P::Float, H::People, F::Role) => &["Job Title", "Role"],
        (P::Float, H::People, F::Group) => &["Department"],
        (P::Float, H::People, F::Skills) => &["Tags", "Skills"],
        (P::Float, H::Projects, F::Project) => &["Name", "Project", "Project Name"],
        (P::Float, H::Projects, F::Color) => &["Color", "Colour"],
        // Runn (help.runn.io, "Data Format and Requirements").
        (P::Runn, H::Bookings | H::People, F::FirstName) => &["First Name"],
        (P::Runn, H::Bookings | H::People, F::LastName) => &["Last Name"],
        (P::Runn, H::Bookings | H::People, F::Person) => &["Person Name", "Person", "Name"],
        (P::Runn, H::Bookings | H::Projects, F::Project) => &["Project Name", "Project"],
        (P::Runn, _, F::Start) => &["Start Date", "Date"],
        (P::Runn, _, F::End) => &["End Date"],
        (P::Runn, H::Bookings, F::MinutesPerDay) => &["Minutes Per Day", "Minutes"],
        (P::Runn, H::Bookings, F::Status) => &["Is Tentative", "Tentative"],
        (P::Runn, H::Bookings, F::TimeOff) => &["Time Off Type", "Leave Type", "Time Off"],
        (P::Runn, H::People, F::Placeholder) => &["Is Placeholder", "Placeholder"],
        (P::Runn, H::People, F::Role) => &["Default Role Name", "Default Role", "Role"],
        (P::Runn, H::People, F::Group) => &["Team", "Team Name"],
        (P::Runn, H::People, F::Skills) => &["Skills", "Tags"],
        (P::Runn, H::Projects, F::Color) => &["Color", "Colour"],
        _ => &[],
    };
    v.to_vec()
}

/// Japanese column names a hand-made sheet may use.
fn japanese(holds: Holds, field: Field) -> &'static [&'static str] {
    match (holds, field) {
        (Holds::Bookings | Holds::People, Field::Person) => &["名前", "氏名", "担当者", "メンバー"],
        (Holds::Projects, Field::Project) => &["名前", "プロジェクト", "プロジェクト名"],
        (Holds::Bookings, Field::Project) => &["プロジェクト", "プロジェクト名", "案件"],
        (_, Field::Start) => &["開始日", "開始", "日付"],
        (_, Field::End) => &["終了日", "終了"],
        (Holds::Bookings, Field::HoursPerDay) => &["時間/日", "1日の時間", "時間"],
        (Holds::Bookings, Field::TotalHours) => &["合計時間"],
        (Holds::Bookings, Field::Status) => &["状態", "仮"],
        (Holds::Bookings, Field::TimeOff) => &["休暇", "休暇の種類"],
        (Holds::Projects, Field::Color) => &["色"],
        (Holds::People, Field::Role) => &["役割", "職種", "役職"],
        (Holds::People, Field::Group) => &["グループ", "部署", "チーム"],
        (Holds::People, Field::Skills) => &["スキル"],
        _ => &[],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn header(names: &[&str]) -> Vec<String> {
        names.iter().map(|s| (*s).to_owned()).collect()
    }

    #[test]
    fn float_columns_are_found_whatever_their_case_and_place() {
        let m = Mapping::guess(
            Preset::Float,
            Holds::Bookings,
            &header(&["Client", "PROJECT", "person", "start date", "End Date", "Hours / Day", "Tentative"]),
        );
        assert_eq!(m.column(Field::Project), Some(1));
        assert_eq!(m.column(Field::Person), Some(2));
        assert_eq!(m.column(Field::Start), Some(3));
        assert_eq!(m.column(Field::End), Some(4));
        assert_eq!(m.column(Field::HoursPerDay), Some(5));
        assert_eq!(m.column(Field::Status), Some(6));
        assert_eq!(m.column(Field::MinutesPerDay), None);
    }

    #[test]
    fn our_export_prefers_the_bookings_days_to_the_lines() {
        let h = header(&[
            "person",
            "project",
            "from",
            "to",
            "booking_first_day",
            "booking_last_day",
            "booking_id",
        ]);
        let m = Mapping::guess(Preset::Ours, Holds::Bookings, &h);
        assert_eq!(m.column(Field::Start), Some(4));
        assert_eq!(m.column(Field::End), Some(5));
        assert_eq!(m.column(Field::Id), Some(6));
    }

    #[test]
    fn a_column_is_read_for_one_field_only() {
        // Runn's people: "Name" is not also read as the first name.
        let m =
            Mapping::guess(Preset::Generic, Holds::Bookings, &header(&["名前", "プロジェクト", "開始日"]));
        assert_eq!(m.column(Field::Person), Some(0));
        assert_eq!(m.column(Field::Project), Some(1));
        assert_eq!(m.column(Field::Start), Some(2));
        assert_eq!(m.0.len(), 3);
    }
}
