//! The floor of a window read: what reading only the items the app is shown would cost, with no
//! index entry, no item outside the window and no page boundary — the shown items' bytes ÷ 4 KB ×
//! 0.5 read units (eventually consistent). Item sizes follow DynamoDB's documented rules
//! ("Item sizes and formats" in the Developer Guide): every attribute name's UTF-8 length plus its
//! value's size.

use aws_sdk_dynamodb::types::AttributeValue;
use planner_store::{Timeline, keys};
use std::collections::{HashMap, HashSet};

pub type Item = HashMap<String, AttributeValue>;

/// Read units of the floor for `bytes` read eventually consistently.
pub fn read_units(bytes: usize) -> f64 {
    bytes as f64 / 4096.0 * 0.5
}

/// A number's size: about one byte per two significant digits, plus one.
fn number_bytes(n: &str) -> usize {
    let digits = n.trim_start_matches('-').split(['e', 'E']).next().unwrap_or("");
    let significant = digits.replace('.', "");
    let significant = significant.trim_start_matches('0').trim_end_matches('0');
    significant.len().div_ceil(2) + 1
}

/// A value's size.
fn value_bytes(v: &AttributeValue) -> usize {
    match v {
        AttributeValue::S(s) => s.len(),
        AttributeValue::N(n) => number_bytes(n),
        AttributeValue::B(b) => b.as_ref().len(),
        AttributeValue::Bool(_) | AttributeValue::Null(_) => 1,
        AttributeValue::Ss(l) => l.iter().map(String::len).sum(),
        AttributeValue::Ns(l) => l.iter().map(|n| number_bytes(n)).sum(),
        AttributeValue::Bs(l) => l.iter().map(|b| b.as_ref().len()).sum(),
        AttributeValue::L(l) => 3 + l.iter().map(|v| 1 + value_bytes(v)).sum::<usize>(),
        AttributeValue::M(m) => 3 + m.iter().map(|(k, v)| 1 + k.len() + value_bytes(v)).sum::<usize>(),
        _ => 0,
    }
}

/// An item's size as DynamoDB counts it.
pub fn item_bytes(item: &Item) -> usize {
    item.iter().map(|(k, v)| k.len() + value_bytes(v)).sum()
}

/// The sort keys of what `timeline` shows: the team's record, its people, projects and calendars,
/// and the window's assignments, time off and holidays.
pub fn shown_keys(timeline: &Timeline) -> HashSet<String> {
    let items = &timeline.items;
    let mut keys: HashSet<String> = [keys::META.to_owned()].into();
    keys.extend(timeline.people.iter().map(|r| keys::person_sk(&r.id)));
    keys.extend(timeline.projects.iter().map(|p| keys::project_sk(&p.id)));
    keys.extend(timeline.calendars.iter().map(|c| keys::calendar_sk(&c.id)));
    keys.extend(items.assignments.iter().map(|a| keys::assignment_sk(a.range.start(), &a.id)));
    keys.extend(items.time_off.iter().map(|t| keys::time_off_sk(t.range.start(), &t.id)));
    keys.extend(items.holidays.iter().map(|h| keys::holiday_sk(h.day, &h.calendar)));
    keys
}

/// The bytes of the items of `partition` (every item of the team) that `timeline` shows, and how
/// many of the shown keys were found there (all of them, or the floor is wrong).
pub fn shown_bytes(timeline: &Timeline, partition: &[Item]) -> (usize, usize, usize) {
    let wanted = shown_keys(timeline);
    let found: Vec<&Item> = partition
        .iter()
        .filter(|i| matches!(i.get(keys::SK), Some(AttributeValue::S(sk)) if wanted.contains(sk)))
        .collect();
    (found.iter().map(|i| item_bytes(i)).sum(), found.len(), wanted.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_follow_the_documented_rules() {
        // "Ada": 2 + 3; a number of 3 significant digits: 3 + 3 (2 bytes + 1); true: 4 + 1.
        let item: Item = [
            ("pk".to_owned(), AttributeValue::S("Ada".into())),
            ("ver".to_owned(), AttributeValue::N("125".into())),
            ("ok".to_owned(), AttributeValue::Bool(true)),
        ]
        .into();
        assert_eq!(item_bytes(&item), 5 + 6 + 3);
        assert_eq!(number_bytes("1000"), 2);
        assert_eq!(number_bytes("-0.0125"), 3);
        // A list of two strings: 3 + (1 + 1) + (1 + 2).
        assert_eq!(
            value_bytes(&AttributeValue::L(vec![
                AttributeValue::S("a".into()),
                AttributeValue::S("bc".into())
            ])),
            8
        );
        assert_eq!(read_units(4096), 0.5);
    }
}
