//! The team's plan as the window works on it: reads through to the offline copy, and every edit
//! written in the open team's scope with its change applied to the copy once confirmed.

use crate::AppError;
use crate::app::App;
use crate::offline::LoadedTimeline;
use planner_cache::Change;
use planner_domain::{
    Assignment, Color, DateRange, Email, Name, Person, PersonId, Project, ProjectId, Role, User, UserId,
    WindowItems,
};
use planner_store::{AssignmentChange, CascadeReport, Catalog, MemberInfo, NewAssignment};

/// The next thirteen weeks of the open team, in numbers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Overview {
    pub team_name: String,
    pub people: usize,
    pub projects: usize,
    pub assignments_next_13_weeks: usize,
}

/// The most days one read of the timeline may ask for. The window asks for four weeks at a time
/// (sixteen at the start); a larger ask is a mistake, or a way to make the table read a team's
/// whole history in one go.
pub const MAX_WINDOW_DAYS: i64 = 366;

fn capped(window: DateRange) -> Result<DateRange, AppError> {
    if window.days() > MAX_WINDOW_DAYS {
        return Err(planner_domain::ValidationError::RangeTooLong { max: MAX_WINDOW_DAYS }.into());
    }
    Ok(window)
}

impl App {
    /// A summary of the workspace's next thirteen weeks.
    pub async fn overview(&self) -> Result<Overview, AppError> {
        let today = self.today()?;
        let window = DateRange::window(today, today.add_days(91))?;
        let t = self.read(async |store, scope| store.plan().timeline(scope, window).await).await?;
        Ok(Overview {
            team_name: t.team.name.to_string(),
            people: t.people.len(),
            projects: t.projects.len(),
            assignments_next_13_weeks: t.items.assignments.len(),
        })
    }

    /// The timeline of `window`: from the table (and kept in the offline copy), or from the
    /// copy while the table is out of reach.
    pub async fn timeline(&self, window: DateRange) -> Result<LoadedTimeline, AppError> {
        let window = capped(window)?;
        // The live view reads what changed from here on (and the minute before).
        let began = self.feed_now_millis().await;
        let found = self
            .read_through(
                async |store, scope| store.plan().timeline(scope, window).await.map(LoadedTimeline::from),
                async |copy, shown, at| copy.timeline_read(&shown.timeline, at).await,
                |copy| copy.timeline(window).map(Ok),
            )
            .await;
        if found.as_ref().is_ok_and(|s| !s.cached) {
            self.live_from(began).await;
        }
        self.shown.send_replace(true);
        found
    }

    /// What `window` holds (assignments, time off, holidays): from the table (and kept), or
    /// from the copy if it holds that window; otherwise `not_loaded`.
    pub async fn window(&self, window: DateRange) -> Result<WindowItems, AppError> {
        let window = capped(window)?;
        self.read_through(
            async |store, scope| store.plan().window_items(scope, window).await,
            async |copy, found, at| copy.window_read(window, found, at).await,
            |copy| Some(copy.window(window).ok_or(AppError::NotLoaded)),
        )
        .await
    }

    /// Offline: when the copy's days in `view` were read from the table, the oldest of them
    /// (RFC 3339), for the banner's "as of" (windows read at different times: the view says the
    /// oldest). None online, or when nothing of `view` is in the copy.
    pub async fn offline_synced_in(&self, view: DateRange) -> Option<String> {
        match &*self.workspace.read().await {
            crate::workspace::Workspace::Offline { open, .. } => open.copy.synced_in(view),
            _ => None,
        }
    }

    /// People and projects: from the table (and kept), or from the copy.
    pub async fn catalog(&self) -> Result<Catalog, AppError> {
        self.read_through(
            async |store, scope| store.plan().catalog(scope).await,
            async |copy, c, stamp| copy.rows_read(c, stamp).await,
            |copy| copy.catalog().map(Ok),
        )
        .await
    }

    /// Adds a person; `id` (made by the window) makes sending it again after a lost answer safe.
    pub async fn create_person(&self, id: PersonId, name: Name) -> Result<Person, AppError> {
        self.write(async |store, scope| store.plan().create_person(scope, id, name).await).await
    }

    /// Adds a placeholder: a row for a role not yet staffed (`id` as for [`App::create_person`]).
    pub async fn create_placeholder(&self, id: PersonId, name: Name) -> Result<Person, AppError> {
        self.write(async |store, scope| store.plan().create_placeholder(scope, id, name).await).await
    }

    pub async fn rename_person(&self, id: &PersonId, version: u64, name: Name) -> Result<Person, AppError> {
        self.write(async |store, scope| store.plan().rename_person(scope, id, version, name).await).await
    }

    /// How many assignments deleting this person would delete.
    pub async fn person_assignment_count(&self, id: &PersonId) -> Result<usize, AppError> {
        self.read(async |store, scope| store.plan().person_assignment_count(scope, id).await).await
    }

    /// Deletes a person and their assignments, telling `progress` how far it is.
    pub async fn delete_person(
        &self,
        id: &PersonId,
        mut progress: impl FnMut(usize, usize) + Send,
    ) -> Result<CascadeReport, AppError> {
        let gone = Change::PersonGone(id.clone());
        self.write_as(async |store, scope| store.plan().delete_person(scope, id, &mut progress).await, gone)
            .await
    }

    pub async fn create_project(&self, id: ProjectId, name: Name, color: Color) -> Result<Project, AppError> {
        self.write(async |store, scope| store.plan().create_project(scope, id, name, color).await).await
    }

    pub async fn update_project(
        &self,
        id: &ProjectId,
        version: u64,
        name: Option<Name>,
        color: Option<Color>,
    ) -> Result<Project, AppError> {
        self.write(async |store, scope| store.plan().update_project(scope, id, version, name, color).await)
            .await
    }

    pub async fn project_assignment_count(&self, id: &ProjectId) -> Result<usize, AppError> {
        self.read(async |store, scope| store.plan().project_assignment_count(scope, id).await).await
    }

    pub async fn delete_project(
        &self,
        id: &ProjectId,
        mut progress: impl FnMut(usize, usize) + Send,
    ) -> Result<CascadeReport, AppError> {
        let gone = Change::ProjectGone(id.clone());
        self.write_as(async |store, scope| store.plan().delete_project(scope, id, &mut progress).await, gone)
            .await
    }

    pub async fn create_assignment(&self, input: NewAssignment) -> Result<Assignment, AppError> {
        self.write(async |store, scope| store.plan().create_assignment(scope, input).await).await
    }

    /// Moves, resizes or reassigns the assignment the window shows as `current`.
    pub async fn update_assignment(
        &self,
        current: &Assignment,
        change: AssignmentChange,
    ) -> Result<Assignment, AppError> {
        self.write(async |store, scope| store.plan().update_assignment(scope, current, change).await).await
    }

    pub async fn delete_assignment(&self, current: &Assignment) -> Result<(), AppError> {
        let gone = Change::AssignmentGone(current.id.clone());
        self.write_as(async |store, scope| store.plan().delete_assignment(scope, current).await, gone).await
    }

    /// The open team's members (any member may see them).
    pub async fn list_members(&self) -> Result<Vec<MemberInfo>, AppError> {
        self.read(async |store, scope| store.identity().list_members(scope).await).await
    }

    /// Invites someone by email with a role (admins only); a new email becomes a new user.
    pub async fn invite_member(
        &self,
        email: &Email,
        name: Option<&Name>,
        role: Role,
    ) -> Result<User, AppError> {
        self.write_as(
            async |store, scope| store.identity().invite_member(scope, email, name, role).await,
            Change::Nothing,
        )
        .await
    }

    /// Changes a member's role (admins only; never leaves the team without an admin).
    pub async fn change_role(&self, user: &UserId, role: Role) -> Result<(), AppError> {
        self.write_as(
            async |store, scope| store.identity().put_member(scope, user, role).await,
            Change::Nothing,
        )
        .await
    }

    /// Removes a member (admins only; never the last admin).
    pub async fn remove_member(&self, user: &UserId) -> Result<(), AppError> {
        self.write_as(async |store, scope| store.identity().remove_member(scope, user).await, Change::Nothing)
            .await
    }
}
