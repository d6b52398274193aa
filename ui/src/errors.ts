// The sentence a failed call shows: English from the Rust side's own message, Japanese from a
// sentence per error code (typed against the generated `ErrorCode`, so a code without one fails
// the type check).

import { type Lang, MESSAGES } from "./i18n";
import type { ErrorCode } from "./ipc/bindings/ErrorCode";

/** Codes whose English message carries what only it can say (which setting, what AWS answered,
 * which item or file): in Japanese, a sentence saying what went wrong, then that message as the
 * detail (for whoever fixes it: IT, support). */
type WithDetail =
  | "config"
  | "credentials"
  | "denied"
  | "unknown_identity"
  | "corrupt"
  | "engine"
  | "keyring"
  | "local_data"
  | "mail"
  | "backup"
  | "save_file"
  | "import_file"
  | "update"
  | "invalid_calendar_file"
  | "invalid_view"
  | "bad_file";

/** Sentences for the error codes the Rust side sends (`ErrorCode`, generated from Rust: a code
 * without a Japanese sentence here or below fails the type check); English uses the Rust
 * message itself. */
const JA_ERRORS: Record<Exclude<ErrorCode, WithDetail>, string> = {
  conflict: "他の人が先に変更しました。再読み込みしてからもう一度お試しください。",
  not_found: "見つかりません。すでに削除された可能性があります。",
  parent_gone: "メンバーまたは案件が存在しないか、削除中です。",
  already_exists: "すでに存在します。",
  forbidden: "この操作を行う権限がありません。",
  code_invalid: "コードが違うか、期限切れか、すでに使われています。新しいコードを請求してください。",
  session_invalid: "セッションが終了したか期限切れです。もう一度サインインしてください。",
  signed_out: "サインアウトしています。サインインしてチームを開いてください。",
  not_member: "そのチームのメンバーではありません。",
  last_admin: "チームには管理者が1人以上必要です。先に別の人を管理者にしてください。",
  invalid_email: "メールアドレスが正しくありません。",
  invalid_role: "役割は管理者・編集者・閲覧者のいずれかです。",
  bad_link: "サインインリンクが壊れています。メールのコードを入力してください。",
  unavailable: "データストアに接続できません。しばらくしてからお試しください。",
  busy: "チームのデータストアが混み合っています。何も変更されていません。しばらくしてからお試しください。",
  name_empty: "名前を入力してください。",
  name_too_long: "名前は100文字以内にしてください。",
  name_control_character: "名前に使えない文字が含まれています。",
  name_format_character: "名前に見えない書式文字（文字の向きを変える記号やゼロ幅文字）が含まれています。",
  invalid_color: "色は #RRGGBB の形式で指定してください。",
  invalid_date: "日付が正しくありません。",
  no_such_day: "その日はカレンダーにありません。月の日数を確かめてください。",
  date_out_of_range: "1900年から2999年までの日付を指定してください。",
  range_end_before_start: "最終日が開始日より前になっています。",
  range_empty: "期間が空です。",
  range_too_long: "アサインの期間は20年以内にしてください。",
  offline: "オフラインのため、接続が戻るまで変更できません。",
  unconfirmed: "保存中に接続が切れました。接続が戻ったら保存されたかどうかを確認します。",
  not_loaded: "この期間は接続が切れる前に読み込まれていません。",
  cache_damaged: "オフライン用コピーを読み込めなかったため破棄しました。次の読み込みで作り直します。",
  invalid_id: "識別子が正しくありません。画面を再読み込みしてください。",
  nothing_to_change: "変更する内容がありません。",
  invalid_hours: "時間は0.25〜24時間の範囲で、15分単位で指定してください。",
  invalid_off_hours:
    "一部の時間の休みは0.25〜23.75時間の範囲で、15分単位で指定してください（丸一日の休みは「終日」を選んでください）。",
  invalid_percent: "割合は1〜100%で指定してください。",
  invalid_total_hours: "合計時間は0.25時間以上、15分単位で、期間の1日あたり24時間以内にしてください。",
  no_working_day:
    "合計時間を割り振る勤務日がありません。この期間はすべて勤務のない曜日・祝日・休暇です。勤務する日を含めるか、1日あたりの時間で指定してください。",
  invalid_week_hours: "1日の勤務時間は0〜24時間の範囲で、15分単位で指定してください。",
  invalid_schedule: "勤務週は最初から有効なものが1つ必要で、同じ日に始まる変更は1つまでです。",
  work_ends_before_start: "最終勤務日が初勤務日より前になっています。",
  invalid_region: "祝日の地域は JP、DE-BY、US-CA のような国・地域コードで指定してください。",
  calendar_file_too_large: "カレンダーファイルが大きすぎます（1 MiB まで）。",
  too_many_holidays: "一度に追加できる祝日は1000日までです。",
  report_too_long: "レポートの期間は731日までです。",
  not_placeholder: "人員を割り当てられるのはプレースホルダーの予定だけです。この行は人です。",
  not_placeholders_booking:
    "選んだ予定の一部はこのプレースホルダーのものではありません（他の人が移動した可能性があります）。「人員を割り当てる」を開き直してください。",
  feed_days: "アクティビティの保存期間は7日から3660日までです。",
  invalid_label_kind: "一覧の種類はグループ・役割・スキルのいずれかです。",
  invalid_group_days:
    "グループは最初から1つ、その後の異動は日付順に1日1回まで（最大100回）です。異動日が空欄か重複していないか確認してください。",
  too_many_skills: "1人に設定できるスキルは50個までです。",
  no_such_label:
    "そのグループ・役割・スキルはこのチームにありません（削除された可能性があります）。一覧を開き直してください。",
  duplicate_label:
    "同じ名前がすでに一覧にあります（大文字・小文字や全角・半角の違いは同じ名前とみなします）。",
  too_many_bookings: "一度に編集できる予定は2000件までです。",
  booking_twice: "同じ予定が編集に2回含まれています。選択し直してください。",
  invalid_repeat: "繰り返しの間隔は1〜52週または1〜12か月、回数は2回以上で指定してください。",
  too_many_repeats:
    "繰り返しで作れる予定は最初の1件を含めて500件までです。終了日を早めるか回数を減らしてください。",
  repeat_none: "終了日までに始まる繰り返しがありません。終了日を後にしてください。",
  repeat_past_end: "繰り返しが2999年12月31日を越えてしまいます。終了日を早めるか回数を減らしてください。",
  export_too_large: "書き出す行が100万行を超えます。期間を短くするか、週単位で書き出してください。",
};

const JA_WITH_DETAIL: Record<WithDetail, string> = {
  config: "設定に使えない値があります。",
  invalid_view: "このバージョンでは使えない表示設定です（知らない条件か、範囲外の値があります）。",
  credentials: "AWS の認証情報が拒否されたか、見つかりません。IT 担当者に確認してください。",
  denied:
    "AWS がこの操作を拒否しました。あなたの AWS ロールでは許可されていません。IT 担当者に確認してください。",
  unknown_identity:
    "あなたの AWS の ID はこの表のユーザーに紐付けられていません。IT 担当者に紐付けを依頼してください。",
  corrupt: "保存されているデータの一部が壊れています。",
  engine: "データストアでエラーが発生しました。",
  keyring: "OS のキーチェーン（資格情報の保管庫）を使えませんでした。",
  local_data: "サインアウトしましたが、このコンピューター上のデータを削除できませんでした。",
  mail: "サインイン用のメールを送信できませんでした。IT 担当者に確認してください。",
  backup: "移動の前にローカルのプランをバックアップできなかったため、移動しませんでした。",
  invalid_calendar_file: "カレンダーファイル（.ics）を読み込めませんでした。",
  save_file: "ファイルを保存できませんでした。",
  import_file: "このファイルは取り込めません。何も書き込まれていません。",
  update: "更新を確認またはインストールできませんでした。今のバージョンのまま使えます。",
  bad_file: "このチームのエクスポートファイルは読み込めません。何も書き込まれていません。",
};

/** The Rust side's messages are clauses ("the name is empty"); shown, they read as sentences. A
 * clause that starts with a settings key ("dynamodb.table: …") keeps the key as it is written. */
function sentence(clause: string): string {
  const text = clause.trim();
  if (!text) return text;
  const first = /^[a-z_]+(\.[a-z_]+)*:/.test(text) ? text[0] : text[0]?.toUpperCase();
  return first + text.slice(1) + (/[.!?。]$/.test(text) ? "" : ".");
}

/** The Rust side writes dates in its messages as `YYYY-MM-DD`. */
const ISO_DATE = /\b\d{4}-\d{2}-\d{2}\b/g;

/** The sentence to show for a failed call, in `lang`; `date` writes a message's dates as the
 * date fields do (ui.error passes the user's format; it leaves what is no calendar date). */
export function errorText(lang: Lang, error: unknown, date: (iso: string) => string = (iso) => iso): string {
  if (typeof error === "object" && error !== null && "code" in error && "message" in error) {
    const { code } = error as { code: ErrorCode };
    const message = (error as { message: string }).message.replace(ISO_DATE, date);
    if (lang === "en") return sentence(message);
    if (code in JA_WITH_DETAIL) return `${JA_WITH_DETAIL[code as WithDetail]}（詳細: ${sentence(message)}）`;
    return JA_ERRORS[code as Exclude<ErrorCode, WithDetail>] ?? message;
  }
  return MESSAGES[lang].failed;
}
