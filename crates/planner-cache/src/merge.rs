//! People and projects read from the table, merged into the copy's: what this app confirmed after
//! the read began stays over the answer ([`crate::Snapshot::rows`]).

use std::collections::HashMap;

/// Whether the copy's version `mine` of an item stays over a read's answer. `answered`: the
/// answer's version, if it has the item; `kept`: this app confirmed a change of it after the read
/// began (or just before: reads are eventually consistent). Versions only rise, so a kept item
/// still yields to a higher answered version (a teammate's later edit); otherwise the higher
/// version wins; an item the answer lacks stays only if kept (made here after the read began).
pub fn mine_stays(mine: u64, answered: Option<u64>, kept: bool) -> bool {
    match answered {
        None => kept,
        Some(theirs) => mine > theirs || (kept && mine >= theirs),
    }
}

/// Whether a read's answer (its version `answered`) of an item loses to the copy: the copy's
/// version (`held`) stays ([`mine_stays`]), or, not held but `kept`, it was deleted here after
/// the read began.
pub fn answer_loses(held: Option<u64>, answered: u64, kept: bool) -> bool {
    match held {
        Some(mine) => mine_stays(mine, Some(answered), kept),
        None => kept,
    }
}

/// People or projects as an answer has them, merged into the copy's (`held`): see
/// [`crate::Snapshot::rows`].
pub(crate) fn merge_rows<T, Id: Eq + std::hash::Hash + Clone>(
    held: Vec<T>,
    answer: Vec<T>,
    key: impl Fn(&T) -> (Id, u64),
    changed_since: impl Fn(&Id) -> bool,
    gone_since: impl Fn(&Id) -> bool,
) -> Vec<T> {
    let mut held: HashMap<Id, T> = held.into_iter().map(|t| (key(&t).0, t)).collect();
    let mut out = Vec::with_capacity(answer.len());
    for t in answer {
        let (id, version) = key(&t);
        if gone_since(&id) {
            held.remove(&id);
            continue;
        }
        match held.remove(&id) {
            Some(mine) if mine_stays(key(&mine).1, Some(version), changed_since(&id)) => out.push(mine),
            _ => out.push(t),
        }
    }
    // Made (or changed) here after the read began, so not in its answer.
    out.extend(held.into_iter().filter(|(id, _)| changed_since(id) && !gone_since(id)).map(|(_, t)| t));
    out
}
