//! What a person carries, as a people sheet's role, group and skills say it: each named label
//! matched by name in the team's lists (or made), applied to what the person carries, and the
//! change said for the preview.

use super::*;

impl Planner<'_> {
    /// A label's name, as the team's lists (or the import) have it; "—" if unknown.
    fn label_name(&self, id: &LabelId) -> String {
        self.label_names.get(id).map_or_else(|| "—".to_owned(), ToString::to_string)
    }

    /// The label of `kind` named `name`: the team's, or one made (said as new).
    fn label(&mut self, kind: LabelKind, name: &Name) -> (LabelId, bool) {
        if let Some(id) = self.labels.get(&(kind, key(name))) {
            return (id.clone(), false);
        }
        let label = Label { id: LabelId::generate(), kind, name: name.clone(), version: 1 };
        self.labels.insert((kind, key(name)), label.id.clone());
        self.label_names.insert(label.id.clone(), name.clone());
        let id = label.id.clone();
        self.writes.labels.push(label);
        (id, true)
    }

    /// The label of `kind` named `name` (see [`Self::label`]), or none for an empty cell.
    fn label_or_none(&mut self, kind: LabelKind, name: Option<&Name>) -> (Option<LabelId>, bool) {
        match name {
            Some(n) => {
                let (id, new) = self.label(kind, n);
                (Some(id), new)
            }
            None => (None, false),
        }
    }

    /// A role's or group's change said: `role Designer → Lead{after}`, or for a new person
    /// (`after` none) `role Lead`; `(new role)` when the import makes it.
    fn said(
        &self,
        what: &str,
        was: Option<&LabelId>,
        now: Option<&LabelId>,
        new: bool,
        after: Option<&str>,
    ) -> String {
        let name = |id: Option<&LabelId>| id.map_or_else(|| "—".to_owned(), |i| self.label_name(i));
        let new = if new { format!(" (new {what})") } else { String::new() };
        match after {
            Some(after) => format!("{what} {} → {}{after}{new}", name(was), name(now)),
            None => format!("{what} {}{new}", name(now)),
        }
    }

    /// What a person carries once the file's columns are applied to `current` (a changed group
    /// from `today` on; for a new person, `today` is `None`: from the start), and what that
    /// changes, said.
    pub(super) fn labels_of(
        &mut self,
        row: &LabelsRow,
        current: &PersonLabels,
        today: Option<Date>,
    ) -> (PersonLabels, Vec<String>) {
        let mut next = current.clone();
        let mut said = Vec::new();
        if let Some(role) = &row.role {
            let (id, new) = self.label_or_none(LabelKind::Role, role.as_ref());
            if id != current.role {
                said.push(self.said("role", current.role.as_ref(), id.as_ref(), new, today.map(|_| "")));
                next.role = id;
            }
        }
        if let Some(group) = &row.group {
            let (id, new) = self.label_or_none(LabelKind::Group, group.as_ref());
            let now_on = today.map_or_else(
                || current.groups.spells().last().and_then(|s| s.group.clone()),
                |d| current.groups.on(d).cloned(),
            );
            if id != now_on {
                let from = today.map(|d| format!(" from {d}"));
                said.push(self.said("group", now_on.as_ref(), id.as_ref(), new, from.as_deref()));
                next.groups = match today {
                    Some(d) => current.groups.moved(Some(d), id),
                    None => Groups::always(id),
                };
            }
        }
        if let Some(skills) = &row.skills {
            let mut ids = std::collections::BTreeSet::new();
            let mut new_ones = Vec::new();
            for n in skills {
                let (id, new) = self.label(LabelKind::Skill, n);
                if new {
                    new_ones.push(n.to_string());
                }
                ids.insert(id);
            }
            if ids != current.skills {
                let mut added: Vec<String> =
                    ids.difference(&current.skills).map(|i| self.label_name(i)).collect();
                let mut gone: Vec<String> =
                    current.skills.difference(&ids).map(|i| self.label_name(i)).collect();
                added.sort();
                gone.sort();
                let mut parts = Vec::new();
                if today.is_none() {
                    parts.push(added.join(", "));
                } else if !added.is_empty() {
                    parts.push(format!("+ {}", added.join(", ")));
                }
                if !gone.is_empty() {
                    parts.push(format!("− {}", gone.join(", ")));
                }
                let new = if new_ones.is_empty() {
                    String::new()
                } else {
                    format!(" (new: {})", new_ones.join(", "))
                };
                said.push(format!("skills {}{new}", parts.join(" ")));
                next.skills = ids;
            }
        }
        (next, said)
    }
}
