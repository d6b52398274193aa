//! Item ↔ entity conversions of capacity's items: time off (main item and window-index entry),
//! holiday calendars and their holidays (docs/data-model.md, "Capacity and figures").

use super::items::{PERSON_ID, corrupt, version};
use crate::keys::{self, Series, TeamItemKey};
use crate::sdk::{Item, get_n, get_s, item_key, key, n, s};
use crate::{StoreError, window};
use planner_domain::capacity::TimeOffKind;
use planner_domain::{Calendar, CalendarId, Date, DateRange, Holiday, Name, PersonId, TimeOff, TimeOffId};

const KIND: &str = "kind";
const MINUTES: &str = "minutes";
const REGION: &str = "region";

fn kind_text(kind: TimeOffKind) -> &'static str {
    match kind {
        TimeOffKind::Holiday => "holiday",
        TimeOffKind::Sick => "sick",
        TimeOffKind::Other => "other",
    }
}

fn time_off_attributes(item: &mut Item, t: &TimeOff) {
    item.insert("id".into(), s(t.id.as_str()));
    item.insert(PERSON_ID.into(), s(t.person_id.as_str()));
    item.insert("startDate".into(), s(t.range.start().to_string()));
    item.insert("endDateExclusive".into(), s(t.range.end_exclusive().to_string()));
    item.insert(KIND.into(), s(kind_text(t.kind)));
    if let Some(m) = t.minutes {
        item.insert(MINUTES.into(), n(m));
    }
    item.insert("version".into(), n(t.version));
}

/// The main item of a time off.
pub(crate) fn time_off_item(pk: &str, t: &TimeOff) -> Item {
    let mut item = key(pk, keys::time_off_sk(t.range.start(), &t.id));
    time_off_attributes(&mut item, t);
    item
}

/// The window-index entry of a long time off (a full copy), if it needs one.
pub(crate) fn time_off_index_item(pk: &str, t: &TimeOff) -> Option<Item> {
    time_off_index_key(pk, &t.id, t.range).map(|mut item| {
        time_off_attributes(&mut item, t);
        item
    })
}

/// The person's entry of a time off (a full copy, keyed by person and end day).
pub(crate) fn person_time_off_item(pk: &str, t: &TimeOff) -> Item {
    let mut item = person_time_off_key(pk, t);
    time_off_attributes(&mut item, t);
    item
}

pub(crate) fn person_time_off_key(pk: &str, t: &TimeOff) -> Item {
    key(pk, keys::person_time_off_sk(&t.person_id, t.range.end_exclusive(), &t.id))
}

pub(crate) fn time_off_index_key(pk: &str, id: &TimeOffId, range: DateRange) -> Option<Item> {
    let level = window::level_of(range);
    (level > 0).then(|| key(pk, Series::TimeOff.index_sk(level, range.start(), id.as_str())))
}

pub(crate) fn time_off_from_item(item: &Item) -> Result<TimeOff, StoreError> {
    let start = Date::parse(get_s(item, "startDate")?).map_err(corrupt(item))?;
    let end = Date::parse(get_s(item, "endDateExclusive")?).map_err(corrupt(item))?;
    let kind = match get_s(item, KIND)? {
        "holiday" => TimeOffKind::Holiday,
        "sick" => TimeOffKind::Sick,
        "other" => TimeOffKind::Other,
        other => return Err(StoreError::corrupt(item_key(item), format!("unknown time-off kind {other}"))),
    };
    let minutes = match item.get(MINUTES) {
        None => None,
        Some(_) => Some(
            u32::try_from(get_n(item, MINUTES)?)
                .map_err(|_| StoreError::corrupt(item_key(item), "minutes out of range"))?,
        ),
    };
    let t = TimeOff {
        id: TimeOffId::parse(get_s(item, "id")?).map_err(corrupt(item))?,
        person_id: PersonId::parse(get_s(item, PERSON_ID)?).map_err(corrupt(item))?,
        range: DateRange::new(start, end).map_err(corrupt(item))?,
        kind,
        minutes,
        version: version(item)?,
    }
    .checked()
    .map_err(corrupt(item))?;
    let agrees = match keys::parse_team_sk(get_s(item, keys::SK)?) {
        Ok(TeamItemKey::TimeOff { start, id }) => start == t.range.start() && id == t.id,
        Ok(TeamItemKey::TimeOffIndex { level, start, id }) => {
            level == window::level_of(t.range) && start == t.range.start() && id == t.id
        }
        Ok(TeamItemKey::PersonTimeOff { person, end, id }) => {
            person == t.person_id && end == t.range.end_exclusive() && id == t.id
        }
        _ => false,
    };
    if !agrees {
        return Err(StoreError::corrupt(item_key(item), "sort key and attributes disagree"));
    }
    Ok(t)
}

pub(crate) fn calendar_item(pk: &str, c: &Calendar) -> Item {
    let mut item = key(pk, keys::calendar_sk(&c.id));
    item.insert("id".into(), s(c.id.as_str()));
    item.insert("name".into(), s(c.name.as_str()));
    if let Some(region) = &c.region {
        item.insert(REGION.into(), s(region));
    }
    item.insert("version".into(), n(c.version));
    item
}

pub(crate) fn calendar_from_item(item: &Item) -> Result<Calendar, StoreError> {
    let region = match item.get(REGION) {
        None => None,
        Some(_) => Some(Calendar::check_region(get_s(item, REGION)?).map_err(corrupt(item))?),
    };
    Ok(Calendar {
        id: CalendarId::parse(get_s(item, "id")?).map_err(corrupt(item))?,
        name: Name::parse(get_s(item, "name")?).map_err(corrupt(item))?,
        region,
        version: version(item)?,
    })
}

pub(crate) fn holiday_item(pk: &str, h: &Holiday) -> Item {
    let mut item = key(pk, keys::holiday_sk(h.day, &h.calendar));
    item.insert("calendarId".into(), s(h.calendar.as_str()));
    item.insert("day".into(), s(h.day.to_string()));
    item.insert("name".into(), s(h.name.as_str()));
    item
}

pub(crate) fn holiday_from_item(item: &Item) -> Result<Holiday, StoreError> {
    let h = Holiday {
        calendar: CalendarId::parse(get_s(item, "calendarId")?).map_err(corrupt(item))?,
        day: Date::parse(get_s(item, "day")?).and_then(Date::as_day).map_err(corrupt(item))?,
        name: Name::parse(get_s(item, "name")?).map_err(corrupt(item))?,
    };
    match keys::parse_team_sk(get_s(item, keys::SK)?) {
        Ok(TeamItemKey::Holiday { day, calendar }) if day == h.day && calendar == h.calendar => Ok(h),
        _ => Err(StoreError::corrupt(item_key(item), "sort key and attributes disagree")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use planner_domain::TeamId;

    fn d(s: &str) -> Date {
        Date::parse(s).unwrap()
    }

    #[test]
    fn time_off_round_trips_through_its_items() {
        let pk = keys::team_pk(&TeamId::generate());
        let mut t = TimeOff {
            id: TimeOffId::generate(),
            person_id: PersonId::generate(),
            range: DateRange::new(d("2026-12-21"), d("2026-12-24")).unwrap(),
            kind: TimeOffKind::Sick,
            minutes: Some(240),
            version: 2,
        };
        assert_eq!(time_off_from_item(&time_off_item(&pk, &t)).unwrap(), t);
        assert!(time_off_index_item(&pk, &t).is_none(), "a short one has no index entry");
        t.range = DateRange::new(d("2026-12-21"), d("2027-06-01")).unwrap();
        t.minutes = None;
        let index = time_off_index_item(&pk, &t).expect("a long one has an entry");
        assert_eq!(time_off_from_item(&index).unwrap(), t);
        let mut bad = time_off_item(&pk, &t);
        bad.insert(MINUTES.into(), n(1440));
        assert!(matches!(time_off_from_item(&bad), Err(StoreError::Corrupt { .. })));
        let mut moved = time_off_item(&pk, &t);
        moved.insert("startDate".into(), s("2026-12-22"));
        assert!(matches!(time_off_from_item(&moved), Err(StoreError::Corrupt { .. })));
    }

    #[test]
    fn calendars_and_holidays_round_trip() {
        let pk = keys::team_pk(&TeamId::generate());
        let c = Calendar {
            id: CalendarId::generate(),
            name: Name::parse("日本").unwrap(),
            region: Some("JP".into()),
            version: 1,
        };
        assert_eq!(calendar_from_item(&calendar_item(&pk, &c)).unwrap(), c);
        let h =
            Holiday { calendar: c.id.clone(), day: d("2027-01-01"), name: Name::parse("元日").unwrap() };
        assert_eq!(holiday_from_item(&holiday_item(&pk, &h)).unwrap(), h);
    }
}
