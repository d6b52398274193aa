// The words of the team's members and settings, and of the connection settings and sign-in links
// in English and Japanese, read through `ui.words(SESSION)`.
import type { Words } from "../i18n";

export const EN_SESSION = {
  members: "Members",
  membersTitle: (team: string) => `Members of ${team}`,
  filterMembers: "Filter members",
  memberEmail: "Email",
  role: "Role",
  roles: { admin: "Admin", planner: "Planner", viewer: "Viewer" },
  memberActions: "Actions",
  you: "(you)",
  roleOf: (who: string) => `Role of ${who}`,
  onlyAdmin: "The only admin: make someone else admin first.",
  remove: "Remove",
  removeWho: (who: string) => `Remove ${who}`,
  removeConfirm: (who: string, team: string) =>
    `Remove ${who} from ${team}? They will no longer be able to open it.`,
  removeSelfConfirm: (team: string, lastTeam: boolean) =>
    `Remove yourself from ${team}? You will no longer be able to open it${lastTeam ? ", and you will be signed out" : ""}.`,
  demoteSelfConfirm: (role: string) =>
    `Change your own role to ${role}? You will no longer manage members; only another admin can make you admin again.`,
  changeRole: "Change role",
  noMembers: "No members match the filter.",
  inviteTitle: "Invite by email",
  teamSettingsTitle: "This team",
  teamName: "Team name",
  activityKept: "Keep the activity log for",
  activityKeptFor: (days: number) =>
    days % 365 === 0
      ? `${days / 365} ${days === 365 ? "year" : "years"}`
      : days === 396
        ? "13 months"
        : `${days} days`,
  teamSettingsSaved: "Saved. The activity log says so.",
  nameOptional: "Name (optional, for someone new)",
  invite: "Invite",
  invited: (who: string, role: string) => `${who} is now a member (${role}).`,
  roleChanged: (who: string, role: string) => `${who}: the role is now ${role}.`,
  removed: (who: string) => `${who} was removed from the team.`,
  settings: "Settings",
  openSettings: "Settings…",
  whereToPlan: "Where to plan",
  modeLocal: "This computer (local workspace)",
  modeLocalHint: "Your plans stay in a file on this computer. Nobody signs in.",
  modeDynamodb: "Team table on Amazon DynamoDB",
  modeDynamodbHint: "Your team plans together in a DynamoDB table; everyone signs in with their work email.",
  table: "Table",
  region: "Region",
  regionHint: "For example eu-central-1. Empty: the AWS profile's region or AWS_REGION.",
  profile: "AWS profile (optional)",
  profileHint: "For example an IAM Identity Center profile from ~/.aws/config.",
  advanced: "Advanced",
  endpoint: "Endpoint (optional)",
  endpointHint: "Only for an endpoint other than AWS's own (a VPC endpoint, say).",
  credentialsNote:
    "AWS credentials are not part of these settings: they come from the standard AWS chain — the profile above (or AWS_PROFILE), IAM Identity Center sign-in (aws sso login), or environment variables.",
  lockedByIt: "Set by your IT department",
  setByEnv: (variable: string) => `Set by the environment variable ${variable}`,
  mailNotReady:
    "Sign-in emails are not set up on this computer yet, so nobody can get a sign-in code. Your IT department sets the mail server.",
  testConnection: "Test connection",
  testing: "Testing…",
  connectionWorks: "Connection works",
  saving: "Saving…",
  savedIn: "Your settings are saved in",
  problemTitle: "Your settings could not all be read",
  problemAside:
    "What you see comes from the other settings. Saving writes a new settings file and keeps the unreadable one beside it, renamed.",
  linkProblem: "The sign-in link did not work:",
  linkAskTitle: "Sign in with this link?",
  linkAskBody: (email: string, team: string | null) =>
    `This link signs in as ${email}${team ? ` and opens the team “${team}”` : ""}. This app did not ask for a code for ${email} in the last ten minutes: use the link only if you asked for it yourself.`,
  linkAskReplaces: (email: string) => `${email} will be signed out on this computer.`,
  linkAskAccept: (email: string) => `Sign in as ${email}`,
  linkAskDecline: "Do not sign in",
};

export const JA_SESSION: typeof EN_SESSION = {
  members: "ユーザー",
  membersTitle: (team: string) => `${team} のユーザー`,
  filterMembers: "ユーザーを絞り込み",
  memberEmail: "メールアドレス",
  role: "役割",
  roles: { admin: "管理者", planner: "編集者", viewer: "閲覧者" },
  memberActions: "操作",
  you: "（自分）",
  roleOf: (who: string) => `${who} の役割`,
  onlyAdmin: "唯一の管理者です。先に別の人を管理者にしてください。",
  remove: "外す",
  removeWho: (who: string) => `${who} をチームから外す`,
  removeConfirm: (who: string, team: string) =>
    `${who} を ${team} から外しますか？このチームを開けなくなります。`,
  removeSelfConfirm: (team: string, lastTeam: boolean) =>
    `自分を ${team} から外しますか？このチームを開けなくなります${lastTeam ? "。サインアウトします" : ""}。`,
  demoteSelfConfirm: (role: string) =>
    `自分の役割を${role}に変更しますか？ユーザーを管理できなくなり、管理者に戻すには別の管理者の操作が必要です。`,
  changeRole: "役割を変更",
  noMembers: "該当するユーザーはいません。",
  inviteTitle: "メールアドレスで招待",
  teamSettingsTitle: "このチーム",
  teamName: "チーム名",
  activityKept: "アクティビティの保存期間",
  activityKeptFor: (days: number) =>
    days % 365 === 0 ? `${days / 365}年` : days === 396 ? "13か月" : `${days}日`,
  teamSettingsSaved: "保存しました（アクティビティに記録されます）。",
  nameOptional: "名前（任意、新しいユーザーのみ）",
  invite: "招待",
  invited: (who: string, role: string) => `${who} を${role}として追加しました。`,
  roleChanged: (who: string, role: string) => `${who} の役割を${role}に変更しました。`,
  removed: (who: string) => `${who} をチームから外しました。`,
  settings: "設定",
  openSettings: "設定…",
  whereToPlan: "計画の保存先",
  modeLocal: "このコンピューター（ローカルワークスペース）",
  modeLocalHint: "計画はこのコンピューター上のファイルに保存されます。サインインは不要です。",
  modeDynamodb: "Amazon DynamoDB のチームテーブル",
  modeDynamodbHint:
    "チームで DynamoDB のテーブルを共有して計画します。各自が仕事用メールアドレスでサインインします。",
  table: "テーブル",
  region: "リージョン",
  regionHint: "例: ap-northeast-1。空欄の場合は AWS プロファイルのリージョンまたは AWS_REGION を使います。",
  profile: "AWS プロファイル（任意）",
  profileHint: "例: ~/.aws/config の IAM Identity Center プロファイル。",
  advanced: "詳細設定",
  endpoint: "エンドポイント（任意）",
  endpointHint: "AWS 標準以外のエンドポイント（VPC エンドポイントなど）を使う場合のみ。",
  credentialsNote:
    "AWS の認証情報はこの設定には含まれません。標準の AWS 認証チェーン（上記プロファイルまたは AWS_PROFILE、IAM Identity Center のサインイン（aws sso login）、環境変数）から取得します。",
  lockedByIt: "IT 部門が設定しています",
  setByEnv: (variable: string) => `環境変数 ${variable} で設定されています`,
  mailNotReady:
    "このコンピューターではサインイン用メールがまだ設定されていないため、サインインコードを受け取れません。メールサーバーは IT 部門が設定します。",
  testConnection: "接続をテスト",
  testing: "テスト中…",
  connectionWorks: "接続できました",
  saving: "保存中…",
  savedIn: "設定の保存先:",
  problemTitle: "設定の一部を読み込めませんでした",
  problemAside:
    "表示している値はほかの設定から読み込んだものです。保存すると新しい設定ファイルを作成し、読み込めなかったファイルは名前を変えて残します。",
  linkProblem: "サインインリンクを使えませんでした：",
  linkAskTitle: "このリンクでサインインしますか？",
  linkAskBody: (email: string, team: string | null) =>
    `このリンクは ${email} としてサインインし${team ? `、チーム「${team}」を開き` : ""}ます。このアプリは過去 10 分間に ${email} のコードを求めていません。ご自身で求めたリンクの場合だけ使ってください。`,
  linkAskReplaces: (email: string) => `このコンピューターの ${email} はサインアウトされます。`,
  linkAskAccept: (email: string) => `${email} としてサインイン`,
  linkAskDecline: "サインインしない",
};

/** These words in each language: `ui.words(SESSION)`. */
export const SESSION: Words<typeof EN_SESSION> = { en: EN_SESSION, ja: JA_SESSION };
