//! Capacity's IPC types: an assignment's allocation and status.

use super::IpcError;
use planner_domain::capacity::{Allocation, Status};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// How an allocation is given.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub enum AllocationKindDto {
    HoursPerDay,
    Percent,
    Total,
}

/// An assignment's allocation: hours every working day, a share of the working day, or a total
/// spread over the range's working days.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct AllocationDto {
    pub kind: AllocationKindDto,
    /// Minutes a day (`hoursPerDay`), percent (`percent`) or minutes in all (`total`).
    pub value: u32,
}

impl From<Allocation> for AllocationDto {
    fn from(a: Allocation) -> Self {
        let (kind, value) = match a {
            Allocation::HoursPerDay(m) => (AllocationKindDto::HoursPerDay, m),
            Allocation::Percent(p) => (AllocationKindDto::Percent, u32::from(p)),
            Allocation::Total(m) => (AllocationKindDto::Total, m),
        };
        Self { kind, value }
    }
}

impl AllocationDto {
    /// Checked for an assignment of `days` days.
    pub fn to_domain(self, days: i64) -> Result<Allocation, IpcError> {
        Ok(match self.kind {
            AllocationKindDto::HoursPerDay => Allocation::hours_per_day(self.value)?,
            AllocationKindDto::Percent => Allocation::percent(self.value)?,
            AllocationKindDto::Total => Allocation::total(self.value, days)?,
        })
    }
}

/// Confirmed or tentative.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub enum StatusDto {
    Confirmed,
    Tentative,
}

impl From<Status> for StatusDto {
    fn from(s: Status) -> Self {
        match s {
            Status::Confirmed => Self::Confirmed,
            Status::Tentative => Self::Tentative,
        }
    }
}

impl From<StatusDto> for Status {
    fn from(s: StatusDto) -> Self {
        match s {
            StatusDto::Confirmed => Self::Confirmed,
            StatusDto::Tentative => Self::Tentative,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn allocations_cross_both_ways_and_are_checked() {
        for a in [Allocation::HoursPerDay(240), Allocation::Percent(50), Allocation::Total(2400)] {
            assert_eq!(AllocationDto::from(a).to_domain(5).unwrap(), a);
        }
        let bad = AllocationDto { kind: AllocationKindDto::Percent, value: 0 };
        assert_eq!(bad.to_domain(5).unwrap_err().code, planner_app::ErrorCode::InvalidPercent);
        let too_much = AllocationDto { kind: AllocationKindDto::Total, value: 2 * 1440 + 15 };
        assert_eq!(too_much.to_domain(2).unwrap_err().code, planner_app::ErrorCode::InvalidTotalHours);
    }
}
