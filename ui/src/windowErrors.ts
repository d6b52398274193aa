// What goes wrong in the window reaches the app's log: an error no code caught and a promise
// rejected with no one to hear it are sent to the Rust side (`log_window_error`), which writes
// them (at most 20 a minute). Sending never throws: a log that cannot be written loses a line,
// not the window.

/** Sends an error of `kind` with its message and where it happened. */
export type SendError = (kind: "error" | "rejection", message: string, at: string) => Promise<unknown>;

/** What a thrown value says: an Error's name and message, an IPC error's code and message, or
 * the value as text. */
export function said(value: unknown): string {
  if (value instanceof Error) return `${value.name}: ${value.message}`;
  if (typeof value === "object" && value !== null && "message" in value) {
    const { code, message } = value as { code?: unknown; message: unknown };
    return code ? `${String(code)}: ${String(message)}` : String(message);
  }
  try {
    return typeof value === "string" ? value : JSON.stringify(value);
  } catch {
    return String(value);
  }
}

/** Listens on `target` (the window) for uncaught errors and unhandled rejections and sends each;
 * answers the function that stops listening. */
export function reportWindowErrors(
  target: Pick<Window, "addEventListener" | "removeEventListener">,
  send: SendError,
) {
  const quietly = (p: Promise<unknown>) => void p.catch(() => {});
  const onError = (e: ErrorEvent) => {
    const at =
      e.error instanceof Error && e.error.stack ? e.error.stack : `${e.filename}:${e.lineno}:${e.colno}`;
    quietly(send("error", e.error === undefined ? e.message : said(e.error), at));
  };
  const onRejection = (e: PromiseRejectionEvent) => {
    const at = e.reason instanceof Error && e.reason.stack ? e.reason.stack : "";
    quietly(send("rejection", said(e.reason), at));
  };
  target.addEventListener("error", onError as EventListener);
  target.addEventListener("unhandledrejection", onRejection as EventListener);
  return () => {
    target.removeEventListener("error", onError as EventListener);
    target.removeEventListener("unhandledrejection", onRejection as EventListener);
  };
}
