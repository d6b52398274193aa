//! Capacity: a person's working time, time off, the team's default week, holiday calendars and
//! their holidays. Who may do what is checked in Rust: planners change people's
//! working time and time off; admins the default week and the calendars.

use crate::ipc::{self, *};
use planner_app::App;
use planner_command::command;
use planner_domain::CalendarId;
use tauri::State;

/// Sets a person's own working weeks (`null`: the team's week) and holiday calendar (`null`:
/// none), as the window saw the person at `version`.
#[command]
pub async fn set_working_time(
    app: State<'_, App>,
    current: PersonDto,
    schedule: Option<ScheduleDto>,
    calendar_id: Option<String>,
) -> Result<PersonDto, IpcError> {
    let person = current.to_domain()?;
    let schedule = schedule.as_ref().map(ScheduleDto::to_domain).transpose()?;
    let calendar = calendar_id.as_deref().map(ipc::calendar_id).transpose()?;
    Ok((&app.set_working_time(&person, schedule, calendar).await?).into())
}

/// The team's default working week (minutes, Monday first). Admins only.
#[command]
pub async fn set_default_week(app: State<'_, App>, minutes: Vec<u32>) -> Result<Vec<u32>, IpcError> {
    Ok(week_dto(app.set_default_week(ipc::week(&minutes)?).await?.default_week))
}

/// Records time off for a person; `id` (made by the window) makes a repeat safe.
#[command]
pub async fn create_time_off(
    app: State<'_, App>,
    person_id: String,
    input: TimeOffInput,
    id: Option<String>,
) -> Result<TimeOffDto, IpcError> {
    Ok((&app.create_time_off(input.to_new(id.as_deref(), &person_id)?).await?).into())
}

/// Changes the days, kind or hours of the time off the window shows as `current`.
#[command]
pub async fn update_time_off(
    app: State<'_, App>,
    current: TimeOffDto,
    input: TimeOffInput,
) -> Result<TimeOffDto, IpcError> {
    let (current, change) = (current.to_domain()?, input.to_domain()?);
    Ok((&app.update_time_off(&current, change).await?).into())
}

#[command]
pub async fn delete_time_off(app: State<'_, App>, current: TimeOffDto) -> Result<(), IpcError> {
    Ok(app.delete_time_off(&current.to_domain()?).await?)
}

#[command]
pub async fn calendars(app: State<'_, App>) -> Result<Vec<CalendarDto>, IpcError> {
    Ok(app.calendars().await?.iter().map(Into::into).collect())
}

/// A new holiday calendar (admins); `region` names the holiday library's region its days come
/// from (`JP`, `DE-BY`), if any.
#[command]
pub async fn create_calendar(
    app: State<'_, App>,
    name: String,
    region: Option<String>,
    id: Option<String>,
) -> Result<CalendarDto, IpcError> {
    let id = id.as_deref().map(ipc::calendar_id).transpose()?.unwrap_or_else(CalendarId::generate);
    Ok((&app.create_calendar(id, ipc::name(&name)?, region).await?).into())
}

#[command]
pub async fn rename_calendar(
    app: State<'_, App>,
    id: String,
    version: u64,
    name: String,
) -> Result<CalendarDto, IpcError> {
    Ok((&app.rename_calendar(&ipc::calendar_id(&id)?, version, ipc::name(&name)?).await?).into())
}

/// Deletes a calendar with its holidays; answers how many holidays went.
#[command]
pub async fn delete_calendar(app: State<'_, App>, id: String) -> Result<u64, IpcError> {
    Ok(app.delete_calendar(&ipc::calendar_id(&id)?).await? as u64)
}

/// Adds holidays to a calendar (a year filled from the holiday library, or a day typed in).
#[command]
pub async fn add_holidays(
    app: State<'_, App>,
    calendar_id: String,
    days: Vec<HolidayInput>,
) -> Result<u64, IpcError> {
    let days = days
        .iter()
        .map(|h| Ok((ipc::date(&h.day)?, ipc::name(&h.name)?)))
        .collect::<Result<Vec<_>, IpcError>>()?;
    Ok(app.put_holidays(&ipc::calendar_id(&calendar_id)?, days).await? as u64)
}

/// Adds the holidays of an .ics file's text to a calendar; answers how many.
#[command]
pub async fn import_ics(app: State<'_, App>, calendar_id: String, text: String) -> Result<u64, IpcError> {
    Ok(app.import_ics(&ipc::calendar_id(&calendar_id)?, &text).await? as u64)
}

#[command]
pub async fn delete_holiday(app: State<'_, App>, calendar_id: String, day: String) -> Result<(), IpcError> {
    Ok(app.delete_holiday(&ipc::calendar_id(&calendar_id)?, ipc::date(&day)?).await?)
}
