//! A user's teams (docs/data-model.md, access pattern 22): found through GSI1 and the user's
//! `recentTeams`, each confirmed by a strongly consistent read of its membership.

use super::{RECENT, TeamMembership, parse_role};
use crate::StoreError;
use crate::identity::Identity;
use crate::keys::{self, GSI1, GSI1SK, META};
use crate::sdk::{Item, batch_get, get_s, key, query_all, s};
use aws_sdk_dynamodb::types::AttributeValue;
use planner_domain::{Name, TeamId, User, UserId};

impl Identity<'_> {
    /// The teams of a user through GSI1, with their names. GSI1 is eventually consistent: a
    /// membership written a moment ago is found through the user's `recentTeams` instead, and
    /// every team is confirmed (and its role read) from the membership item, strongly.
    pub async fn list_user_teams(self, user: &UserId) -> Result<Vec<TeamMembership>, StoreError> {
        let item = self.store.get(key(keys::user_pk(user), META), true).await?;
        self.teams_of(user, item.as_ref()).await
    }

    /// A user and their teams, reading the User item once (start-up, sign-in).
    pub async fn user_with_teams(
        self,
        user: &UserId,
    ) -> Result<Option<(User, Vec<TeamMembership>)>, StoreError> {
        let Some(item) = self.store.get(key(keys::user_pk(user), META), true).await? else { return Ok(None) };
        let teams = self.teams_of(user, Some(&item)).await?;
        Ok(Some((crate::identity::users::user_from_item(&item)?, teams)))
    }

    /// The user of a verified session and their teams. Signed in by an AWS identity whose link
    /// names its teams, those are the teams (each confirmed by its membership, as below) and
    /// the index is not read: the team roles may not read it, since it answers anyone's
    /// memberships of every team (docs/security.md).
    pub async fn user_of_session(
        self,
        session: &crate::VerifiedSession,
    ) -> Result<Option<(User, Vec<TeamMembership>)>, StoreError> {
        let Some(linked) = session.linked_teams() else { return self.user_with_teams(session.user()).await };
        let user = session.user();
        let Some(item) = self.person(keys::user_pk(user)).await? else { return Ok(None) };
        let teams = self.confirmed(user, linked.to_vec()).await?;
        Ok(Some((crate::identity::users::user_from_item(&item)?, teams)))
    }

    /// The teams of `user`, whose User item (if any) is `user_item`.
    async fn teams_of(
        self,
        user: &UserId,
        user_item: Option<&Item>,
    ) -> Result<Vec<TeamMembership>, StoreError> {
        let items = query_all(
            self.store
                .query()
                .index_name(GSI1)
                .key_condition_expression("GSI1PK = :pk AND begins_with(GSI1SK, :team)")
                .expression_attribute_values(":pk", s(keys::user_teams_gsi1pk(user)))
                .expression_attribute_values(":team", s(keys::team_gsi1sk_prefix())),
        )
        .await?;
        let mut listed = Vec::with_capacity(items.len());
        for item in &items {
            // Only a membership item lists a team, and that is checked before anything else of
            // the item is read: anyone who may write a team's partition can write another item
            // with these GSI1 keys (a user's list padded with teams they cannot open, or with a
            // key no team has, which made every sign-in of that user fail). Such an item is
            // skipped and named in the log.
            let member_sk = keys::member_sk(user);
            if get_s(item, keys::SK).ok() != Some(member_sk.as_str()) {
                continue;
            }
            let team = get_s(item, GSI1SK).ok().and_then(|sk| keys::parse_team_gsi1sk(sk).ok());
            match team {
                Some(team) if get_s(item, keys::PK).ok() == Some(keys::team_pk(&team).as_str()) => {
                    listed.push(team);
                }
                _ => tracing::warn!(
                    "an item listed among the teams of user {user} is not their membership of a team, left out: {}",
                    crate::sdk::item_key(item)
                ),
            }
        }
        // Teams joined a moment ago that the index may not show yet: the user's recentTeams.
        let recent: Vec<TeamId> = match user_item.and_then(|u| u.get(RECENT)) {
            Some(AttributeValue::Ss(ids)) => ids.iter().filter_map(|t| TeamId::parse(t).ok()).collect(),
            _ => Vec::new(),
        };
        for team in recent {
            if !listed.contains(&team) {
                listed.push(team);
            }
        }
        self.confirmed(user, listed).await
    }

    /// The teams of `listed` in which `user` has a membership, with its role and the team's name.
    async fn confirmed(self, user: &UserId, listed: Vec<TeamId>) -> Result<Vec<TeamMembership>, StoreError> {
        // Each confirmed, with its role, by a strongly consistent read of the membership itself:
        // the index lags, and lists for a while a team the user was removed from, or the role
        // they had (opening such a team used to fail and sign the user out). One read per team (its
        // membership and its META, one partition): with sign-in by AWS identity a request spanning
        // two teams' partitions is refused by IAM (dynamodb:LeadingKeys), and a team these
        // credentials may not read is left out, not a failed sign-in.
        let reads = listed.iter().map(|team| async move {
            let wanted =
                vec![key(keys::team_pk(team), keys::member_sk(user)), key(keys::team_pk(team), META)];
            match batch_get(self.store.client(), self.store.table(), wanted, true).await {
                Ok(found) => Ok(Some((team.clone(), found))),
                Err(StoreError::Denied { message }) => {
                    tracing::warn!(
                        "team {team} left out of the user's teams: AWS denied reading it ({message})"
                    );
                    Ok(None)
                }
                Err(e) => Err(e),
            }
        });
        let mut teams = Vec::with_capacity(listed.len());
        let mut metas = Vec::with_capacity(listed.len());
        for read in futures::future::join_all(reads).await {
            let Some((team, found)) = read? else { continue };
            let member_sk = keys::member_sk(user);
            let Some(member) = found.iter().find(|i| get_s(i, keys::SK).ok() == Some(member_sk.as_str()))
            else {
                continue;
            };
            // A damaged membership hides none of the user's other teams: left out, named in the log.
            match parse_role(member) {
                Ok(role) => teams.push((team, role)),
                Err(e) => {
                    tracing::warn!(
                        "team {team} left out of the user's teams, their membership cannot be read: {e}"
                    );
                    continue;
                }
            }
            metas.extend(found.into_iter().filter(|i| get_s(i, keys::SK).ok() == Some(META)));
        }
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
