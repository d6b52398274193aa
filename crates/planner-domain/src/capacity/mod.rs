//! Capacity planning's values and maths: how much of a day an assignment takes, when a person
//! works (effective-dated working weeks), their time off and public holidays, and the load
//! against capacity that every figure of the app is read from (docs/data-model.md, "Capacity and figures").

mod allocation;
mod hours;
mod load;
mod off;
mod report;
mod staffing;
mod week;

pub use allocation::{Allocation, DAY_MINUTES, STEP_MINUTES, Status, hours_text};
pub use hours::{HoursInput, HoursLine, MAX_EXPORT_LINES, Period, hours_lines};
pub use load::{
    Availability, Booking, DayLoad, Level, PeriodLoad, booked_days, day_loads, day_loads_each,
    holidays_by_calendar,
};
pub use off::{Absence, TimeOffKind};
pub use report::{
    LoadFigures, MAX_REPORT_DAYS, PersonLine, ProjectLine, Report, ReportInput, ReportWeek, RoleLine,
    RoleWeek, decimal_hours,
};
pub use staffing::{Candidate, Staffing, StaffingInput};
pub use week::{Schedule, WeekFrom, WorkWeek};
