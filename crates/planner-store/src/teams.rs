//! Teams and memberships: the META and MEMBER items of a team partition, and a user's teams
//! through GSI1 (`GSI1PK = USER#{userId}`, `GSI1SK begins_with TEAM#`).

use crate::keys::{self, GSI1, GSI1PK, GSI1SK, META};
use crate::scope::put_new;
use crate::sdk::{Item, batch_get, get_s, key, query_all, s};
use crate::{Store, StoreError, TeamScope};
use aws_sdk_dynamodb::types::{ConditionCheck, Put, TransactWriteItem};
use planner_domain::{Action, Email, Name, Role, Team, TeamId, UserId};
use serde::Serialize;

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
    pub role: Role,
}

fn member_item(team: &TeamId, user: &UserId, role: Role) -> Item {
    let mut item = key(keys::team_pk(team), keys::member_sk(user));
    item.insert("userId".into(), s(user.as_str()));
    item.insert("role".into(), s(role.as_str()));
    item.insert(GSI1PK.into(), s(keys::user_teams_gsi1pk(user)));
    item.insert(GSI1SK.into(), s(keys::team_gsi1sk(team)));
    item
}

fn parse_role(item: &Item) -> Result<Role, StoreError> {
    Role::parse(get_s(item, "role")?)
        .map_err(|e| StoreError::corrupt(crate::sdk::item_key(item), e.to_string()))
}

impl Store {
    /// The Puts that create a team: its META and its first admin's membership.
    pub(crate) fn new_team_actions(
        &self,
        team: &TeamId,
        name: &Name,
        now: &str,
        admin: &UserId,
    ) -> Result<Vec<TransactWriteItem>, StoreError> {
        let mut meta = key(keys::team_pk(team), META);
        meta.insert("id".into(), s(team.as_str()));
        meta.insert("name".into(), s(name.as_str()));
        meta.insert("createdAt".into(), s(now));
        Ok(vec![put_new(self.table(), meta)?, put_new(self.table(), member_item(team, admin, Role::Admin))?])
    }

    /// Creates a team with `admin` as its first admin. Operator only (admin CLI); signed-in users
    /// get their teams from an admin's invitation.
    #[cfg(feature = "operator")]
    pub async fn create_team(&self, name: &Name, admin: &UserId) -> Result<Team, StoreError> {
        let team = TeamId::generate();
        let now = self.now_rfc3339();
        let mut actions = self.new_team_actions(&team, name, &now, admin)?;
        actions.push(exists_check(self.table(), keys::user_pk(admin), META.to_owned())?);
        crate::sdk::transact(self.client(), actions).await.map_err(|e| {
            if e.condition_failed_at(2) {
                StoreError::NotFound { what: "user" }
            } else {
                e.into_store("team")
            }
        })?;
        Ok(Team { id: team, name: name.clone(), created_at: now })
    }

    /// The team's own record.
    pub async fn team_meta(&self, scope: &TeamScope) -> Result<Team, StoreError> {
        self.require(scope, Action::ReadPlan, "team_meta")?;
        let item = self
            .get(key(scope.pk(), META), self.strong_reads)
            .await?
            .ok_or(StoreError::NotFound { what: "team" })?;
        Ok(Team {
            id: scope.team().clone(),
            name: Name::parse(get_s(&item, "name")?)?,
            created_at: get_s(&item, "createdAt")?.to_owned(),
        })
    }

    /// Adds a member, or changes the role of an existing one. Admins only.
    pub async fn put_member(&self, scope: &TeamScope, user: &UserId, role: Role) -> Result<(), StoreError> {
        self.require(scope, Action::ManageTeam, "put_member")?;
        let put = Put::builder()
            .table_name(self.table())
            .set_item(Some(member_item(scope.team(), user, role)))
            .build()
            .map_err(StoreError::build)?;
        let actions = vec![
            TransactWriteItem::builder().put(put).build(),
            exists_check(self.table(), keys::user_pk(user), META.to_owned())?,
            exists_check(self.table(), scope.pk(), META.to_owned())?,
        ];
        crate::sdk::transact(self.client(), actions).await.map_err(|e| {
            if e.condition_failed_at(1) {
                StoreError::NotFound { what: "user" }
            } else if e.condition_failed_at(2) {
                StoreError::NotFound { what: "team" }
            } else {
                e.into_store("membership")
            }
        })
    }

    /// The team's members with their emails.
    pub async fn list_members(&self, scope: &TeamScope) -> Result<Vec<MemberInfo>, StoreError> {
        self.require(scope, Action::ReadPlan, "list_members")?;
        let items = query_all(self.query_range(scope.pk(), keys::members_range(), self.strong_reads)).await?;
        let mut members = Vec::with_capacity(items.len());
        for item in &items {
            members.push((UserId::parse(get_s(item, "userId")?)?, parse_role(item)?));
        }
        let users = batch_get(
            self.client(),
            self.table(),
            members.iter().map(|(u, _)| key(keys::user_pk(u), META)).collect(),
            self.strong_reads,
        )
        .await?;
        let email_of = |u: &UserId| {
            users
                .iter()
                .find(|i| get_s(i, "id").ok() == Some(u.as_str()))
                .and_then(|i| get_s(i, "email").ok())
                .and_then(|e| Email::parse(e).ok())
        };
        let mut out: Vec<MemberInfo> = members
            .iter()
            .map(|(user_id, role)| MemberInfo {
                user_id: user_id.clone(),
                email: email_of(user_id),
                role: *role,
            })
            .collect();
        out.sort_by(|a, b| a.email.cmp(&b.email));
        Ok(out)
    }

    /// The teams of a user through GSI1, with their names. GSI1 is eventually consistent: a
    /// membership written a moment ago may be missing here.
    pub async fn list_user_teams(&self, user: &UserId) -> Result<Vec<TeamMembership>, StoreError> {
        let items = query_all(
            self.client()
                .query()
                .table_name(self.table())
                .index_name(GSI1)
                .key_condition_expression("GSI1PK = :pk AND begins_with(GSI1SK, :team)")
                .expression_attribute_values(":pk", s(keys::user_teams_gsi1pk(user)))
                .expression_attribute_values(":team", s(keys::team_gsi1sk_prefix())),
        )
        .await?;
        let mut teams = Vec::with_capacity(items.len());
        for item in &items {
            let team = keys::parse_team_gsi1sk(get_s(item, GSI1SK)?)
                .map_err(|e| StoreError::corrupt(crate::sdk::item_key(item), e.to_string()))?;
            teams.push((team, parse_role(item)?));
        }
        let metas = batch_get(
            self.client(),
            self.table(),
            teams.iter().map(|(t, _)| key(keys::team_pk(t), META)).collect(),
            false,
        )
        .await?;
        let mut out: Vec<TeamMembership> = teams
            .into_iter()
            .map(|(team, role)| {
                let name = metas
                    .iter()
                    .find(|m| get_s(m, "id").ok() == Some(team.as_str()))
                    .and_then(|m| get_s(m, "name").ok())
                    .and_then(|n| Name::parse(n).ok());
                TeamMembership { team, name, role }
            })
            .collect();
        out.sort_by(|a, b| a.name.cmp(&b.name));
        Ok(out)
    }
}

/// A transaction action that only checks that an item exists.
pub(crate) fn exists_check(table: &str, pk: String, sk: String) -> Result<TransactWriteItem, StoreError> {
    Ok(TransactWriteItem::builder()
        .condition_check(
            ConditionCheck::builder()
                .table_name(table)
                .set_key(Some(key(pk, sk)))
                .condition_expression("attribute_exists(pk)")
                .build()
                .map_err(StoreError::build)?,
        )
        .build())
}
