//! A table's rows read as what they say, through a mapping: a booking, a time off, a person or
//! a project for each row, or the row's problem (its line, its column and why). Pure; the team
//! is not looked at here (`plan.rs` does).

use super::preset::{DateOrder, Field, Holds, Mapping};
use super::table::Table;
use planner_domain::capacity::{Allocation, Status, TimeOffKind};
use planner_domain::{AssignmentId, Color, Date, DateRange, Name, PersonId, ProjectId};

/// What one row says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Record {
    Booking(BookingRow),
    TimeOff(TimeOffRow),
    /// `id`: this app's id of the person (its people list writes it): matched by it first.
    Person {
        line: usize,
        name: Name,
        placeholder: bool,
        labels: LabelsRow,
        id: Option<PersonId>,
    },
    Project {
        line: usize,
        name: Name,
        color: Option<Color>,
        id: Option<ProjectId>,
    },
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BookingRow {
    pub line: usize,
    /// Lines after `line` that said the same booking (this app's export writes a line per
    /// booking and week: gathered again by the booking's id).
    pub also: usize,
    pub person: Name,
    pub placeholder: bool,
    pub project: Name,
    pub range: DateRange,
    pub allocation: Allocation,
    pub status: Status,
    pub id: Option<AssignmentId>,
}

/// What a people file says a person carries, by name. `None`: the file has no such column (the
/// person's own is kept); `Some(None)` or an empty list: the column is empty (none).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct LabelsRow {
    pub role: Option<Option<Name>>,
    pub group: Option<Option<Name>>,
    pub skills: Option<Vec<Name>>,
}

impl LabelsRow {
    /// Whether the file says anything of them.
    pub fn is_empty(&self) -> bool {
        self.role.is_none() && self.group.is_none() && self.skills.is_none()
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TimeOffRow {
    pub line: usize,
    pub person: Name,
    pub range: DateRange,
    pub kind: TimeOffKind,
    /// `None`: the whole day.
    pub minutes: Option<u32>,
}

impl Record {
    pub fn line(&self) -> usize {
        match self {
            Record::Booking(b) => b.line,
            Record::TimeOff(t) => t.line,
            Record::Person { line, .. } | Record::Project { line, .. } => *line,
        }
    }

    /// The days it covers (none for a person or a project).
    pub fn range(&self) -> Option<DateRange> {
        match self {
            Record::Booking(b) => Some(b.range),
            Record::TimeOff(t) => Some(t.range),
            Record::Person { .. } | Record::Project { .. } => None,
        }
    }
}

/// A row that cannot be read: its line, the column (as the file names it) and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    pub line: usize,
    pub column: Option<String>,
    pub text: String,
    /// The row's cells, as the preview shows the row.
    pub row: String,
}

/// The rows of `table` as records and problems, in the file's order.
pub fn read(table: &Table, mapping: &Mapping, holds: Holds, dates: DateOrder) -> (Vec<Record>, Vec<Problem>) {
    let mut records: Vec<Record> = Vec::new();
    let mut problems = Vec::new();
    // Where a booking id was first read (its later lines are gathered into it).
    let mut by_id: std::collections::HashMap<AssignmentId, usize> = std::collections::HashMap::new();
    for (index, cells) in table.rows.iter().enumerate() {
        let line = Table::line(index);
        if cells.iter().all(String::is_empty) {
            continue;
        }
        let row = Row { table, cells, mapping, line, dates };
        let read = match holds {
            Holds::Bookings => row.dated(),
            Holds::People => row.person(),
            Holds::Projects => row.project(),
        };
        match read {
            Ok(Record::Booking(b)) if let Some(id) = b.id.clone() => {
                match by_id.get(&id).map(|&at| &mut records[at]) {
                    Some(Record::Booking(first)) if same_booking(first, &b) => first.also += 1,
                    Some(Record::Booking(first)) => problems.push(Problem {
                        line,
                        column: row.name(Field::Id),
                        text: format!("the booking {id} says other things on line {}", first.line),
                        row: row.cells(),
                    }),
                    _ => {
                        by_id.insert(id, records.len());
                        records.push(Record::Booking(b));
                    }
                }
            }
            Ok(record) => records.push(record),
            Err(p) => problems.push(p),
        }
    }
    (records, problems)
}

fn same_booking(a: &BookingRow, b: &BookingRow) -> bool {
    BookingRow { line: 0, also: 0, ..a.clone() } == BookingRow { line: 0, also: 0, ..b.clone() }
}

/// One row of the table, read through the mapping.
struct Row<'a> {
    table: &'a Table,
    cells: &'a [String],
    mapping: &'a Mapping,
    line: usize,
    dates: DateOrder,
}

impl Row<'_> {
    /// The column's name in the file.
    fn name(&self, field: Field) -> Option<String> {
        self.mapping.column(field).and_then(|c| self.table.header.get(c).cloned())
    }

    /// The field's cell, `None` when unmapped or empty.
    fn get(&self, field: Field) -> Option<&str> {
        let c = self.mapping.column(field)?;
        self.cells.get(c).map(String::as_str).filter(|s| !s.is_empty())
    }

    fn problem(&self, field: Option<Field>, text: impl Into<String>) -> Problem {
        Problem {
            line: self.line,
            column: field.and_then(|f| self.name(f)),
            text: text.into(),
            row: self.cells(),
        }
    }

    /// The row's cells that say something, as the preview shows them.
    fn cells(&self) -> String {
        self.cells.iter().filter(|c| !c.is_empty()).map(String::as_str).collect::<Vec<_>>().join(" · ")
    }

    /// The field's cell read by `parse`; a failure names the column.
    fn parse<T>(
        &self,
        field: Field,
        parse: impl FnOnce(&str) -> Result<T, String>,
    ) -> Result<Option<T>, Problem> {
        match self.get(field) {
            None => Ok(None),
            Some(raw) => parse(raw).map(Some).map_err(|e| self.problem(Some(field), e)),
        }
    }

    fn required<T>(
        &self,
        field: Field,
        what: &str,
        parse: impl FnOnce(&str) -> Result<T, String>,
    ) -> Result<T, Problem> {
        self.parse(field, parse)?.ok_or_else(|| self.problem(Some(field), format!("{what} is empty")))
    }

    /// The person's name: the whole name, or the first and last names joined.
    fn who(&self) -> Result<Name, Problem> {
        if self.mapping.column(Field::Person).is_some() || self.mapping.column(Field::FirstName).is_none() {
            return self.required(Field::Person, "the person's name", name);
        }
        let first = self.get(Field::FirstName).unwrap_or_default();
        let last = self.get(Field::LastName).unwrap_or_default();
        let whole = format!("{first} {last}");
        name(whole.trim()).map_err(|e| self.problem(Some(Field::FirstName), e))
    }

    fn placeholder(&self) -> Result<bool, Problem> {
        Ok(self.parse(Field::Placeholder, placeholder)?.unwrap_or(false))
    }

    fn range(&self) -> Result<DateRange, Problem> {
        let dates = self.dates;
        let first = self.required(Field::Start, "the first day", |s| date(s, dates))?;
        let last = self.parse(Field::End, |s| date(s, dates))?.unwrap_or(first);
        DateRange::from_inclusive(first, last).map_err(|e| self.problem(Some(Field::End), e.to_string()))
    }

    /// A booking, or a time off when the row names a type of time off.
    fn dated(&self) -> Result<Record, Problem> {
        let person = self.who()?;
        let range = self.range()?;
        if let Some(kind) = self.get(Field::TimeOff) {
            let minutes = match self.parse(Field::HoursPerDay, hours)? {
                Some(m) if m < 24 * 60 => Some(m),
                _ => None,
            };
            let row = TimeOffRow { line: self.line, person, range, kind: time_off_kind(kind), minutes };
            return Ok(Record::TimeOff(row));
        }
        let project = self.required(Field::Project, "the project", name)?;
        let allocation = self.allocation(range)?;
        let status = self.parse(Field::Status, status)?.unwrap_or_default();
        let id = self.parse(Field::Id, |s| AssignmentId::parse(s).map_err(|e| e.to_string()))?;
        let placeholder = self.placeholder()?;
        Ok(Record::Booking(BookingRow {
            line: self.line,
            also: 0,
            person,
            placeholder,
            project,
            range,
            allocation,
            status,
            id,
        }))
    }

    /// The booking's hours: the first field the row fills of this app's allocation, hours a
    /// day, minutes a day, a total or a share; none: the whole working day.
    fn allocation(&self, range: DateRange) -> Result<Allocation, Problem> {
        let checked = |field: Field, a: Result<Allocation, planner_domain::ValidationError>| {
            a.map_err(|e| self.problem(Some(field), e.to_string()))
        };
        if let Some(a) = self.parse(Field::Allocation, |s| ours(s, range))? {
            return Ok(a);
        }
        if let Some(m) = self.parse(Field::HoursPerDay, hours)? {
            return checked(Field::HoursPerDay, Allocation::hours_per_day(m));
        }
        if let Some(m) = self.parse(Field::MinutesPerDay, whole)? {
            return checked(Field::MinutesPerDay, Allocation::hours_per_day(m));
        }
        if let Some(m) = self.parse(Field::TotalHours, hours)? {
            return checked(Field::TotalHours, Allocation::total(m, range.days()));
        }
        if let Some(p) = self.parse(Field::Percent, |s| whole(s.trim_end_matches('%').trim()))? {
            return checked(Field::Percent, Allocation::percent(p));
        }
        Ok(Allocation::FULL_DAY)
    }

    fn person(&self) -> Result<Record, Problem> {
        let labels = LabelsRow {
            role: self.label(Field::Role)?,
            group: self.label(Field::Group)?,
            skills: match self.mapping.column(Field::Skills) {
                None => None,
                Some(_) => Some(self.parse(Field::Skills, skills)?.unwrap_or_default()),
            },
        };
        let id = self.parse(Field::Id, |s| PersonId::parse(s).map_err(|e| e.to_string()))?;
        Ok(Record::Person {
            line: self.line,
            name: self.who()?,
            placeholder: self.placeholder()?,
            labels,
            id,
        })
    }

    /// A role's or group's name: `None` when the file has no such column.
    fn label(&self, field: Field) -> Result<Option<Option<Name>>, Problem> {
        match self.mapping.column(field) {
            None => Ok(None),
            Some(_) => self.parse(field, name).map(Some),
        }
    }

    fn project(&self) -> Result<Record, Problem> {
        let name = self.required(Field::Project, "the project's name", name)?;
        let color = self.parse(Field::Color, |s| Color::parse(s).map_err(|e| e.to_string()))?;
        let id = self.parse(Field::Id, |s| ProjectId::parse(s).map_err(|e| e.to_string()))?;
        Ok(Record::Project { line: self.line, name, color, id })
    }
}

/// Skills as a cell lists them: separated by `;`, `,` or the Japanese `、`, each a name, at most
/// [`PersonLabels::MAX_SKILLS`](planner_domain::PersonLabels::MAX_SKILLS), none twice.
fn skills(raw: &str) -> Result<Vec<Name>, String> {
    let mut out: Vec<Name> = Vec::new();
    for part in raw.split([';', ',', '、', '，', '；']).map(str::trim).filter(|p| !p.is_empty()) {
        let skill = name(part)?;
        let key = planner_domain::Label::name_key(&skill);
        if !out.iter().any(|s| planner_domain::Label::name_key(s) == key) {
            out.push(skill);
        }
    }
    let max = planner_domain::PersonLabels::MAX_SKILLS;
    if out.len() > max {
        return Err(format!("{} skills: a person carries at most {max}", out.len()));
    }
    Ok(out)
}

fn name(raw: &str) -> Result<Name, String> {
    Name::parse(raw).map_err(|e| e.to_string())
}

/// A day: `YYYY-MM-DD` (or with `/`, or `2027年1月5日`), else its three numbers in `order`. A
/// time after the day (a workbook's, an ISO one's) is left aside.
pub fn date(raw: &str, order: DateOrder) -> Result<Date, String> {
    let day = raw.split([' ', 'T']).next().unwrap_or(raw);
    let parts: Vec<&str> = day.split(['-', '/', '.', '年', '月', '日']).filter(|p| !p.is_empty()).collect();
    let numbers: Option<Vec<u32>> = parts.iter().map(|p| p.parse().ok()).collect();
    let [a, b, c] = numbers.as_deref().unwrap_or_default() else {
        return Err(format!("'{raw}' is not a date"));
    };
    let (y, m, d) = if parts[0].len() == 4 {
        (*a, *b, *c)
    } else {
        match order {
            DateOrder::MonthFirst if parts[2].len() == 4 => (*c, *a, *b),
            DateOrder::DayFirst if parts[2].len() == 4 => (*c, *b, *a),
            DateOrder::Iso | DateOrder::MonthFirst | DateOrder::DayFirst => {
                return Err(format!(
                    "'{raw}' is not a date of the form YYYY-MM-DD (for other dates, choose the order of their day and month)"
                ));
            }
        }
    };
    Date::parse(&format!("{y:04}-{m:02}-{d:02}")).map_err(|e| e.to_string())
}

/// Hours as minutes: `7.5`, `7,5`, `7:30`, `7.5h`.
pub fn hours(raw: &str) -> Result<u32, String> {
    let t = raw.trim().trim_end_matches(['h', 'H', '時', '間']).trim().replace(',', ".");
    let bad = || format!("'{raw}' is not a number of hours");
    let minutes = if let Some((h, m)) = t.split_once(':') {
        let (h, m): (u32, u32) = (h.parse().map_err(|_| bad())?, m.parse().map_err(|_| bad())?);
        if m >= 60 {
            return Err(bad());
        }
        h.checked_mul(60).and_then(|h| h.checked_add(m)).ok_or_else(bad)?
    } else {
        let h: f64 = t.parse().map_err(|_| bad())?;
        if !h.is_finite() || !(0.0..=1e6).contains(&h) {
            return Err(bad());
        }
        (h * 60.0).round() as u32
    };
    Ok(minutes)
}

fn whole(raw: &str) -> Result<u32, String> {
    raw.trim().parse().map_err(|_| format!("'{raw}' is not a whole number"))
}

/// This app's allocation text: `6 h/day`, `50 %`, `20 h total`.
fn ours(raw: &str, range: DateRange) -> Result<Allocation, String> {
    let t = raw.replace(' ', "");
    let checked = |a: Result<Allocation, planner_domain::ValidationError>| a.map_err(|e| e.to_string());
    if let Some(h) = t.strip_suffix("h/day") {
        checked(Allocation::hours_per_day(hours(h)?))
    } else if let Some(h) = t.strip_suffix("htotal") {
        checked(Allocation::total(hours(h)?, range.days()))
    } else if let Some(p) = t.strip_suffix('%') {
        checked(Allocation::percent(whole(p)?))
    } else {
        Err(format!("'{raw}' is not an allocation (6 h/day, 50 %, 20 h total)"))
    }
}

/// This app's allocation text, as its export writes it and [`ours`] reads it.
pub fn allocation_text(a: Allocation) -> String {
    use planner_domain::capacity::decimal_hours;
    match a {
        Allocation::HoursPerDay(m) => format!("{} h/day", decimal_hours(u64::from(m))),
        Allocation::Percent(p) => format!("{p} %"),
        Allocation::Total(m) => format!("{} h total", decimal_hours(u64::from(m))),
    }
}

/// Yes or no, as people write it.
fn yes(raw: &str) -> Option<bool> {
    match raw.trim().to_lowercase().as_str() {
        "y" | "yes" | "true" | "1" | "x" | "はい" | "✓" => Some(true),
        "n" | "no" | "false" | "0" | "いいえ" | "" => Some(false),
        _ => None,
    }
}

fn status(raw: &str) -> Result<Status, String> {
    match raw.trim().to_lowercase().as_str() {
        "tentative" | "仮" | "仮予約" => Ok(Status::Tentative),
        "confirmed" | "確定" => Ok(Status::Confirmed),
        other => match yes(other) {
            Some(true) => Ok(Status::Tentative),
            Some(false) => Ok(Status::Confirmed),
            None => Err(format!("'{raw}' is neither tentative nor confirmed")),
        },
    }
}

/// A placeholder: yes, or Float's people type 3 (a role not yet hired; 1 and 2 are employees
/// and contractors).
fn placeholder(raw: &str) -> Result<bool, String> {
    match raw.trim() {
        "3" => Ok(true),
        "1" | "2" => Ok(false),
        t => yes(t).ok_or_else(|| format!("'{raw}' is neither yes nor no")),
    }
}

/// A time off's type as this app knows them: sick leave, a holiday (leave, vacation, PTO), or
/// other time off.
fn time_off_kind(raw: &str) -> TimeOffKind {
    let t = raw.to_lowercase();
    if ["sick", "ill", "病"].iter().any(|w| t.contains(w)) {
        TimeOffKind::Sick
    } else if ["holiday", "vacation", "leave", "pto", "paid", "annual", "休暇", "有給", "休日"]
        .iter()
        .any(|w| t.contains(w))
    {
        TimeOffKind::Holiday
    } else {
        TimeOffKind::Other
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(s: &str) -> Date {
        Date::parse(s).unwrap()
    }

    #[test]
    fn dates_in_each_order() {
        assert_eq!(date("2027-01-05", DateOrder::Iso), Ok(d("2027-01-05")));
        assert_eq!(date("2027/1/5 00:00", DateOrder::Iso), Ok(d("2027-01-05")));
        assert_eq!(date("2027年1月5日", DateOrder::Iso), Ok(d("2027-01-05")));
        assert_eq!(date("01-05-2027", DateOrder::MonthFirst), Ok(d("2027-01-05")));
        assert_eq!(date("05/01/2027", DateOrder::DayFirst), Ok(d("2027-01-05")));
        assert!(date("05/01/2027", DateOrder::Iso).unwrap_err().contains("choose the order"));
        assert_eq!(
            date("2027-02-30", DateOrder::Iso),
            Err("there is no day 2027-02-30: February 2027 has 28 days".into())
        );
        assert_eq!(date("soon", DateOrder::Iso), Err("'soon' is not a date".into()));
    }

    #[test]
    fn hours_as_people_write_them() {
        assert_eq!(hours("7.5"), Ok(450));
        assert_eq!(hours("7,5"), Ok(450));
        assert_eq!(hours("7:30"), Ok(450));
        assert_eq!(hours("8h"), Ok(480));
        assert!(hours("eight").is_err());
        assert!(hours("7:75").is_err());
        assert!(hours("-1").is_err());
    }

    #[test]
    fn our_allocation_text_reads_back() {
        let week = DateRange::from_inclusive(d("2027-01-04"), d("2027-01-08")).unwrap();
        for a in [Allocation::HoursPerDay(390), Allocation::Percent(50), Allocation::Total(20 * 60 + 15)] {
            assert_eq!(ours(&allocation_text(a), week), Ok(a), "{a:?}");
        }
        assert!(ours("lots", week).is_err());
    }

    #[test]
    fn statuses_placeholders_and_kinds() {
        assert_eq!(status("Y"), Ok(Status::Tentative));
        assert_eq!(status("仮"), Ok(Status::Tentative));
        assert_eq!(status("no"), Ok(Status::Confirmed));
        assert!(status("maybe").is_err());
        assert_eq!(placeholder("3"), Ok(true));
        assert_eq!(placeholder("1"), Ok(false));
        assert_eq!(time_off_kind("Sick Leave"), TimeOffKind::Sick);
        assert_eq!(time_off_kind("Paid Time Off"), TimeOffKind::Holiday);
        assert_eq!(time_off_kind("Jury duty"), TimeOffKind::Other);
        assert_eq!(time_off_kind("Annual leave"), TimeOffKind::Holiday);
        assert_eq!(time_off_kind("有給休暇"), TimeOffKind::Holiday);
    }
}
