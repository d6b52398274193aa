//! Teams and memberships: the META and MEMBER items of a team partition, and a user's teams
//! through GSI1 (`GSI1PK = USER#{userId}`, `GSI1SK begins_with TEAM#`).

use crate::identity::Identity;
use crate::keys::{self, GSI1PK, GSI1SK, META};
use crate::sdk::put_new;
use crate::sdk::{Item, batch_get_of, get_s, key, n, query_all, s};
use crate::{StoreError, TeamScope};
use aws_sdk_dynamodb::types::{AttributeValue, Delete, Put, TransactWriteItem, Update};
use planner_domain::{Action, Email, Name, Role, TeamId, User, UserId};
#[cfg(feature = "operator")]
use planner_domain::{Team, capacity::WorkWeek};

/// The team META attribute counting its admins (so that the last one cannot go).
use crate::plan::ADMINS;
/// The User attribute listing teams joined lately (a string set), for reads before GSI1 has them.
const RECENT: &str = "recentTeams";
/// The MEMBER attribute holding the member's name or email when they joined: what change
/// records say of who made them (plan/feed/mod.rs).
pub(crate) const WHO: &str = "who";
use crate::plan::feed::{Change, FeedAction, FeedKind, MemberState};
use serde::Serialize;

mod of_user;

/// One of a user's teams, as the team switcher shows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct TeamMembership {
    pub team: TeamId,
    pub name: Option<Name>,
    pub role: Role,
}

/// A member of a team with their email, as the member list shows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct MemberInfo {
    pub user_id: UserId,
    pub email: Option<Email>,
    /// The name given when they were invited, if any.
    pub name: Option<Name>,
    pub role: Role,
}

fn member_item(team: &TeamId, user: &UserId, role: Role, who: Option<&str>) -> Item {
    let mut item = key(keys::team_pk(team), keys::member_sk(user));
    item.insert("userId".into(), s(user.as_str()));
    item.insert("role".into(), s(role.as_str()));
    if let Some(who) = who {
        item.insert(WHO.into(), s(who));
    }
    item.insert(GSI1PK.into(), s(keys::user_teams_gsi1pk(user)));
    item.insert(GSI1SK.into(), s(keys::team_gsi1sk(team)));
    item
}

/// A MEMBER item's user and role. A membership is the item at its user's key: one that names
/// another user (two items for one user made the batch read of their names fail) is none.
fn member_of(item: &Item) -> Result<(UserId, Role), StoreError> {
    let user = UserId::parse(get_s(item, "userId")?)?;
    if get_s(item, keys::SK)? != keys::member_sk(&user) {
        return Err(StoreError::corrupt(crate::sdk::item_key(item), "its user is not its key's"));
    }
    Ok((user, parse_role(item)?))
}

fn parse_role(item: &Item) -> Result<Role, StoreError> {
    Role::parse(get_s(item, "role")?)
        .map_err(|e| StoreError::corrupt(crate::sdk::item_key(item), e.to_string()))
}

impl Identity<'_> {
    /// The Puts that create a team: its META, its first admin's membership and its index levels.
    pub(crate) fn new_team_actions(
        self,
        team: &TeamId,
        name: &Name,
        now: &str,
        admin: &UserId,
        who: Option<&str>,
    ) -> Result<Vec<TransactWriteItem>, StoreError> {
        let mut meta = key(keys::team_pk(team), META);
        meta.insert("id".into(), s(team.as_str()));
        meta.insert("name".into(), s(name.as_str()));
        meta.insert("createdAt".into(), s(now));
        meta.insert(ADMINS.into(), n(1));
        // Its index levels: none yet, and every time off (none yet) with its person's entry.
        let mut levels = key(keys::team_pk(team), keys::LEVELS);
        for series in [keys::Series::Assignments, keys::Series::TimeOff] {
            levels.insert(series.levels_attribute().into(), AttributeValue::Ss(vec!["00".into()]));
        }
        levels.insert(keys::PERSON_ENTRIES.into(), AttributeValue::Bool(true));
        Ok(vec![
            put_new(self.store.table(), meta)?,
            put_new(self.store.table(), member_item(team, admin, Role::Admin, who))?,
            put_new(self.store.table(), levels)?,
        ])
    }

    /// Creates a team with `admin` as its first admin. Operator only (admin CLI); signed-in users
    /// get their teams from an admin's invitation.
    #[cfg(feature = "operator")]
    pub async fn create_team(self, name: &Name, admin: &UserId) -> Result<Team, StoreError> {
        let team = TeamId::generate();
        let now = self.store.now_rfc3339();
        // The name (or email) the first admin's change records will say.
        let who = self.who_of(admin).await?;
        let mut actions = self.new_team_actions(&team, name, &now, admin, who.as_deref())?;
        actions.push(self.recent_team_update(admin, &team, "ADD", true)?);
        self.store.transact(actions).await.map_err(|e| {
            if e.condition_failed_at(3) {
                StoreError::NotFound { what: "user" }
            } else {
                e.into_store("team")
            }
        })?;
        Ok(Team {
            id: team,
            name: name.clone(),
            created_at: now,
            default_week: WorkWeek::STANDARD,
            feed_days: Team::DEFAULT_FEED_DAYS,
        })
    }

    /// Adds a member, or changes the role of an existing one. Admins only. A team keeps at
    /// least one admin: demoting the last one is refused ([`StoreError::LastAdmin`]).
    pub async fn put_member(self, scope: &TeamScope, user: &UserId, role: Role) -> Result<(), StoreError> {
        self.store.require(scope, Action::ManageTeam, "put_member")?;
        let member_key = key(scope.pk(), keys::member_sk(user));
        let existing = self.store.get(member_key.clone(), true).await?;
        let old = existing.as_ref().map(parse_role).transpose()?;
        if old == Some(role) {
            return Ok(());
        }
        let days = self.store.plan().feed_days(scope).await?;
        let mut actions = Vec::new();
        let mut who = existing.as_ref().and_then(|m| crate::sdk::get_opt_s(m, WHO)).map(str::to_owned);
        match old {
            None => {
                // The name (or email) the change records will say: the user's, now.
                who = self.who_of(user).await?;
                let put = Put::builder()
                    .table_name(self.store.table())
                    .set_item(Some(member_item(scope.team(), user, role, who.as_deref())))
                    .condition_expression("attribute_not_exists(pk)")
                    .build()
                    .map_err(StoreError::build)?;
                actions.push(TransactWriteItem::builder().put(put).build());
                actions.push(self.recent_team_update(user, scope.team(), "ADD", true)?);
            }
            Some(old) => {
                let change = Update::builder()
                    .table_name(self.store.table())
                    .set_key(Some(member_key))
                    .update_expression("SET #role = :new")
                    .condition_expression("#role = :old")
                    .expression_attribute_names("#role", "role")
                    .expression_attribute_values(":new", s(role.as_str()))
                    .expression_attribute_values(":old", s(old.as_str()))
                    .build()
                    .map_err(StoreError::build)?;
                actions.push(TransactWriteItem::builder().update(change).build());
            }
        }
        let delta = i64::from(role == Role::Admin) - i64::from(old == Some(Role::Admin));
        if delta != 0 {
            self.ensure_admin_count(scope).await?;
        }
        actions.push(self.admin_count_update(scope, delta)?);
        let state = |role| MemberState { user_id: user.clone(), role, who: who.clone() };
        let change = Change::new(
            FeedKind::Member,
            old.map_or(FeedAction::Created, |_| FeedAction::Changed),
            user.as_str(),
        )
        .about([user.as_str()])
        .after(&state(role));
        let change = match old {
            Some(old) => change.before(&state(old)),
            None => change,
        };
        actions.push(self.store.plan().feed_record(scope, days, change)?);
        self.store.transact(actions).await.map_err(|e| {
            if e.condition_failed_at(0) {
                StoreError::Conflict { what: "membership" }
            } else if old.is_none() && e.condition_failed_at(1) {
                StoreError::NotFound { what: "user" }
            } else if e.condition_failed_at(if old.is_none() { 2 } else { 1 }) {
                if delta < 0 { StoreError::LastAdmin } else { StoreError::NotFound { what: "team" } }
            } else {
                e.into_store("membership")
            }
        })
    }

    /// Invites someone by email: the user is created when new (with `name`), then added with
    /// `role` (or given that role). Admins only.
    pub async fn invite_member(
        self,
        scope: &TeamScope,
        email: &Email,
        name: Option<&Name>,
        role: Role,
    ) -> Result<User, StoreError> {
        self.store.require(scope, Action::ManageTeam, "invite_member")?;
        let user = match self.find_user_by_email(email).await? {
            Some(user) => user,
            None => match self.create_user(email, name).await {
                Ok(user) => user,
                // Created by someone else a moment ago.
                Err(StoreError::AlreadyExists { .. }) => {
                    self.find_user_by_email(email).await?.ok_or(StoreError::NotFound { what: "user" })?
                }
                Err(e) => return Err(e),
            },
        };
        self.put_member(scope, &user.id, role).await?;
        Ok(user)
    }

    /// Removes a member (never the last admin). Removing someone who is not a member succeeds.
    pub async fn remove_member(self, scope: &TeamScope, user: &UserId) -> Result<(), StoreError> {
        self.store.require(scope, Action::ManageTeam, "remove_member")?;
        let member_key = key(scope.pk(), keys::member_sk(user));
        let Some(existing) = self.store.get(member_key.clone(), true).await? else { return Ok(()) };
        let old = parse_role(&existing)?;
        let days = self.store.plan().feed_days(scope).await?;
        let who = crate::sdk::get_opt_s(&existing, WHO).map(str::to_owned);
        if old == Role::Admin {
            self.ensure_admin_count(scope).await?;
        }
        let delete = Delete::builder()
            .table_name(self.store.table())
            .set_key(Some(member_key))
            .condition_expression("#role = :old")
            .expression_attribute_names("#role", "role")
            .expression_attribute_values(":old", s(old.as_str()))
            .build()
            .map_err(StoreError::build)?;
        let delta = -i64::from(old == Role::Admin);
        let actions = vec![
            TransactWriteItem::builder().delete(delete).build(),
            self.recent_team_update(user, scope.team(), "DELETE", false)?,
            self.admin_count_update(scope, delta)?,
            self.store.plan().feed_record(
                scope,
                days,
                Change::new(FeedKind::Member, FeedAction::Deleted, user.as_str())
                    .about([user.as_str()])
                    .before(&MemberState { user_id: user.clone(), role: old, who }),
            )?,
        ];
        self.store.transact(actions).await.map_err(|e| {
            if e.condition_failed_at(0) {
                StoreError::Conflict { what: "membership" }
            } else if e.condition_failed_at(2) && delta < 0 {
                StoreError::LastAdmin
            } else {
                e.into_store("membership")
            }
        })
    }

    /// A user's name, or else email: what their MEMBER item's `who` holds.
    async fn who_of(self, user: &UserId) -> Result<Option<String>, StoreError> {
        let person = self.person(keys::user_pk(user)).await?;
        let said = |name: &str| person.as_ref().and_then(|p| crate::sdk::get_opt_s(p, name));
        Ok(said("name").or_else(|| said("email")).map(str::to_owned))
    }

    /// The team META update that keeps its count of admins (and checks that the team exists).
    fn admin_count_update(self, scope: &TeamScope, delta: i64) -> Result<TransactWriteItem, StoreError> {
        let update = Update::builder().table_name(self.store.table()).set_key(Some(key(scope.pk(), META)));
        let update = match delta {
            0 => update
                .update_expression("SET #admins = if_not_exists(#admins, :zero)")
                .condition_expression("attribute_exists(pk)")
                .expression_attribute_values(":zero", n(0)),
            d if d > 0 => update
                .update_expression("ADD #admins :d")
                .condition_expression("attribute_exists(pk)")
                .expression_attribute_values(":d", n(d)),
            d => update
                .update_expression("ADD #admins :d")
                .condition_expression("attribute_exists(pk) AND #admins > :one")
                .expression_attribute_values(":d", n(d))
                .expression_attribute_values(":one", n(1)),
        };
        let update =
            update.expression_attribute_names("#admins", ADMINS).build().map_err(StoreError::build)?;
        Ok(TransactWriteItem::builder().update(update).build())
    }

    /// Teams made before the admin count was kept get it once, counted from their members; so
    /// does a team whose count is damaged (not a whole number), which is replaced on the condition
    /// that it is still the value read.
    async fn ensure_admin_count(self, scope: &TeamScope) -> Result<(), StoreError> {
        let meta = self
            .store
            .get(key(scope.pk(), META), true)
            .await?
            .ok_or(StoreError::NotFound { what: "team" })?;
        let found = meta.get(ADMINS);
        if found.is_some_and(|v| crate::plan::count_of(v).is_some()) {
            return Ok(());
        }
        let members = query_all(self.store.query_range(scope.pk(), keys::members_range(), true)).await?;
        let admins = members.iter().filter(|m| parse_role(m).ok() == Some(Role::Admin)).count();
        let set = self
            .store
            .update_item()
            .set_key(Some(key(scope.pk(), META)))
            .update_expression("SET #admins = :n")
            .expression_attribute_names("#admins", ADMINS)
            .expression_attribute_values(":n", n(admins));
        let set = match found {
            Some(damaged) => {
                tracing::warn!(
                    "the team's count of admins is damaged, counted again: {}",
                    crate::sdk::item_key(&meta)
                );
                set.condition_expression("#admins = :damaged")
                    .expression_attribute_values(":damaged", damaged.clone())
            }
            None => set.condition_expression("attribute_exists(pk) AND attribute_not_exists(#admins)"),
        };
        let set = set.send().await;
        match set {
            Ok(_) => Ok(()),
            Err(e) if crate::sdk::is_condition_failure(&e) => Ok(()),
            Err(e) => Err(crate::sdk::classify(e)),
        }
    }

    /// Adds the team to (or removes it from) the user's `recentTeams`, the teams that a read of
    /// GSI1 may not show yet. `must_exist` makes a missing user fail the transaction.
    fn recent_team_update(
        self,
        user: &UserId,
        team: &TeamId,
        op: &str,
        must_exist: bool,
    ) -> Result<TransactWriteItem, StoreError> {
        let update = Update::builder()
            .table_name(self.store.table())
            .set_key(Some(key(keys::user_pk(user), META)))
            .update_expression(format!("{op} {RECENT} :team"))
            .expression_attribute_values(":team", AttributeValue::Ss(vec![team.to_string()]));
        let update = if must_exist { update.condition_expression("attribute_exists(pk)") } else { update };
        Ok(TransactWriteItem::builder().update(update.build().map_err(StoreError::build)?).build())
    }

    /// The team's members with their emails.
    pub async fn list_members(self, scope: &TeamScope) -> Result<Vec<MemberInfo>, StoreError> {
        self.store.require(scope, Action::ReadPlan, "list_members")?;
        let items =
            query_all(self.store.query_range(scope.pk(), keys::members_range(), self.store.strong_reads))
                .await?;
        let mut members = Vec::with_capacity(items.len());
        for item in &items {
            // One damaged membership hides no other member: it is left out and named in the log.
            match member_of(item) {
                Ok(member) => members.push(member),
                Err(e) => tracing::warn!(
                    "a membership of team {} cannot be read, left out of the member list: {}: {e}",
                    scope.team(),
                    crate::sdk::item_key(item)
                ),
            }
        }
        let users = batch_get_of(
            self.store.client(),
            self.store.table(),
            members.iter().map(|(u, _)| key(keys::user_pk(u), META)).collect(),
            self.store.strong_reads,
            Some(&crate::identity::users::person_projection()),
        )
        .await?;
        let user = |u: &UserId| users.iter().find(|i| get_s(i, "id").ok() == Some(u.as_str()));
        let email_of =
            |u: &UserId| user(u).and_then(|i| get_s(i, "email").ok()).and_then(|e| Email::parse(e).ok());
        let name_of =
            |u: &UserId| user(u).and_then(|i| get_s(i, "name").ok()).and_then(|n| Name::parse(n).ok());
        let mut out: Vec<MemberInfo> = members
            .iter()
            .map(|(user_id, role)| MemberInfo {
                user_id: user_id.clone(),
                email: email_of(user_id),
                name: name_of(user_id),
                role: *role,
            })
            .collect();
        out.sort_by(|a, b| a.email.cmp(&b.email));
        Ok(out)
    }
}
