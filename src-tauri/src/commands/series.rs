//! Repeated bookings: the days a repeat would make, shown before the window makes them as one
//! edit of many (`edit_bookings`), and a series' bookings from a day on for "this and the
//! following ones".

use crate::ipc::{self, AssignmentDto, IpcError, RepeatDaysDto, RepeatInput};
use planner_app::App;
use planner_command::command;
use planner_domain::SeriesId;
use tauri::State;

/// The days of the repeats `rule` makes of `booking` (as the window shows it), its person's
/// days off left out when asked; refused with a sentence beyond 500 bookings, for a repeat that
/// makes none, or one past 2999-12-31.
#[command]
pub async fn repeat_days(
    app: State<'_, App>,
    booking: AssignmentDto,
    rule: RepeatInput,
) -> Result<RepeatDaysDto, IpcError> {
    let first = booking.to_domain()?;
    let rule = rule.to_domain()?;
    Ok((&app.repeat_days(&first, rule).await?).into())
}

/// The bookings of `series` that start on `from` or later, by start: "this and the following
/// ones", as stored now.
#[command]
pub async fn series_from(
    app: State<'_, App>,
    series: String,
    from: String,
) -> Result<Vec<AssignmentDto>, IpcError> {
    let series = SeriesId::parse(&series)?;
    let from = ipc::date(&from)?;
    Ok(app.series_from(&series, from).await?.iter().map(Into::into).collect())
}
