//! Repeated bookings (docs/data-model.md, access patterns 67 and 68): the days a repeat of a
//! booking makes, its person's days off skipped when asked; and a series' bookings from a day on
//! ("this and the following ones"). The repeats themselves are written as one edit of many
//! (pattern 66), each carrying the series' id.

use super::items::{self, SERIES};
use crate::plan::Plan;
use crate::sdk::{query_all, s};
use crate::{StoreError, TeamScope, keys};
use planner_domain::capacity::{Absence, Availability, Schedule};
use planner_domain::repeat::{Repeat, Repeats};
use planner_domain::{Action, Assignment, Date, DateRange, PersonId, SeriesId};
use std::collections::BTreeSet;

/// When one person can work over a stretch of days: their week, their calendar's holidays and
/// their time off (read once, asked day by day).
pub(crate) struct PersonDays {
    schedule: Schedule,
    holidays: BTreeSet<Date>,
    absences: Vec<Absence>,
}

impl PersonDays {
    pub(crate) fn availability(&self) -> Availability<'_> {
        Availability { schedule: &self.schedule, holidays: &self.holidays, absences: &self.absences }
    }
}

impl Plan<'_> {
    /// When `person` can work on `days`: reads the team's week, the person (strong), their
    /// calendar's holidays and their time off on those days. `None`: no such person.
    pub(crate) async fn person_days(
        self,
        scope: &TeamScope,
        person: &PersonId,
        days: DateRange,
    ) -> Result<Option<PersonDays>, StoreError> {
        let (team, found, (time_off, holidays, _)) = tokio::try_join!(
            self.team_meta(scope),
            self.store.get(crate::sdk::key(scope.pk(), keys::person_sk(person)), true),
            self.person_capacity_items(scope, person, days),
        )?;
        let Some(found) = found else { return Ok(None) };
        let found = items::person_from_item(&found)?;
        let schedule = found.schedule_or(team.default_week);
        let holidays =
            holidays.iter().filter(|h| found.calendar.as_ref() == Some(&h.calendar)).map(|h| h.day).collect();
        let absences =
            time_off.iter().filter(|t| &t.person_id == person).filter_map(|t| t.absence().ok()).collect();
        Ok(Some(PersonDays { schedule, holidays, absences }))
    }

    /// Access pattern 67: the days of the repeats `rule` makes of `first` (not written: they are
    /// made as one edit of many). When days off are skipped, reads the person's days (as
    /// [`Plan::person_days`]) over the series' reach, and once more to the last day a plan holds
    /// if skipped repeats take it further. Planners and admins.
    pub async fn repeat_days(
        self,
        scope: &TeamScope,
        first: &Assignment,
        rule: Repeat,
    ) -> Result<Repeats, StoreError> {
        self.store.require(scope, Action::EditPlan, "repeat_days")?;
        let rule = rule.checked()?;
        if !rule.skip_days_off {
            return Ok(rule.repeats(first.range, |_| true)?);
        }
        // Twice the reach for a count, whose skipped repeats push it further.
        let reach = rule.reach(first.range);
        let mut end = match rule.until {
            planner_domain::repeat::Until::Count { .. } => {
                first.range.start().add_days(2 * first.range.start().days_until(reach))
            }
            planner_domain::repeat::Until::Day { .. } => reach,
        };
        loop {
            let span = DateRange::window(first.range.start(), end)?;
            let Some(days) = self.person_days(scope, &first.person_id, span).await? else {
                return Err(StoreError::NotFound { what: "person" });
            };
            let availability = days.availability();
            let mut beyond = false;
            let repeats = rule.repeats(first.range, |r| {
                beyond |= r.end_exclusive() > end;
                availability.works_in(r)
            })?;
            if !beyond || end == Date::END {
                return Ok(repeats);
            }
            end = Date::END;
        }
    }

    /// Access pattern 68: the bookings of `series` that start on `from` or later ("this and the
    /// following ones"), by start. Query `ASN#{from}` … `ASN#~`, filtered on the series (strong:
    /// an edit follows). Any member may read it.
    pub async fn series_from(
        self,
        scope: &TeamScope,
        series: &SeriesId,
        from: Date,
    ) -> Result<Vec<Assignment>, StoreError> {
        self.store.require(scope, Action::ReadPlan, "series_from")?;
        let (_, last) = keys::all_assignments_range();
        let (first, _) = keys::assignment_range(from, from);
        let rows = query_all(
            self.store
                .query_range(scope.pk(), (first, last), true)
                .filter_expression("#series = :series")
                .expression_attribute_names("#series", SERIES)
                .expression_attribute_values(":series", s(series.as_str())),
        )
        .await?;
        rows.iter().map(items::assignment_from_item).collect()
    }
}
