// The OS's own file dialogs (GTK's file chooser under Xvfb), answered as a user does: with the
// keyboard and the mouse, through xdotool. They are outside the web view: WebDriver cannot see
// them, and its screenshots do not show them (a failing step saves the whole screen instead).
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { sleep, until } from "./webdriver.mjs";

const xdotool = (...args) => execFileSync("xdotool", args, { encoding: "utf8" }).trim();

/** The X windows of the OS's dialogs titled `title` that are shown. */
function dialogWindows(title) {
  try {
    return xdotool("search", "--onlyvisible", "--name", title).split("\n").filter(Boolean);
  } catch {
    return [];
  }
}

/** Clicks `button` (which opens a dialog titled `title`) and answers the new dialog: its id. */
async function opened(app, button, title) {
  const before = new Set(dialogWindows(title));
  await app.click(button);
  const id = await until(`the dialog "${title}"`, () => dialogWindows(title).find((w) => !before.has(w)));
  // A size that keeps the dialog's buttons on this screen (no window manager places it here).
  xdotool("windowsize", "--sync", id, "900", "600");
  xdotool("windowmove", "--sync", id, "0", "0");
  xdotool("windowfocus", "--sync", id);
  return id;
}

/** Waits for the dialog `id` to close, clicking its last button (Open, Save: the dialog's
 * bottom right) while it stays; on failure the screen is saved as `shot`. */
async function closedByItsButton(id, title, shot) {
  try {
    await until(`the dialog "${title}" to close`, async () => {
      if (!dialogWindows(title).includes(id)) return true;
      const geometry = Object.fromEntries(
        xdotool("getwindowgeometry", "--shell", id)
          .split("\n")
          .map((l) => l.split("=")),
      );
      const x = Number(geometry.X) + Number(geometry.WIDTH) - 45;
      const y = Number(geometry.Y) + Number(geometry.HEIGHT) - 22;
      // (No --sync: the pointer may be there already, from the last dialog.)
      xdotool("mousemove", String(x), String(y), "click", "1");
      await sleep(700);
      return false;
    });
  } catch (e) {
    const shots = process.env.RP_E2E_SHOTS ?? "artifacts/e2e";
    execFileSync("import", ["-window", "root", join(shots, `${shot}.png`)]);
    throw e;
  }
}

/** Clicks `button`, which opens the OS's open dialog titled `title`, and answers it as a user
 * does: its location typed (Ctrl+L opens the field; a bare name is read in the folder the dialog
 * shows), then its Open button clicked. */
export async function openThroughDialog(app, button, title, typed) {
  const id = await opened(app, button, title);
  xdotool("key", "--clearmodifiers", "ctrl+l");
  xdotool("type", "--delay", "15", typed);
  await sleep(300);
  await closedByItsButton(id, title, "open-dialog-stuck");
}

/** Clicks `button`, which opens the OS's save dialog titled `title`, and answers it: the name
 * it suggests (read from the dialog's name field, selected whole) replaced by `typed` (a bare
 * name is saved in the folder the dialog shows), then its Save button clicked. Answers the name
 * the dialog suggested. With `typed` null the dialog is closed with Escape: nothing saved. With
 * `shot`, the screen with the dialog as it opened is saved under that name. */
export async function saveThroughDialog(app, button, title, typed, shot = null) {
  const id = await opened(app, button, title);
  if (typed === null) {
    xdotool("key", "--clearmodifiers", "Escape");
    await until(`the dialog "${title}" to close`, () => !dialogWindows(title).includes(id));
    return null;
  }
  // The name field has the focus and its suggestion; copied out through the clipboard.
  await sleep(300);
  if (shot) execFileSync("import", ["-window", "root", join(process.env.RP_E2E_SHOTS ?? "artifacts/e2e", `${shot}.png`)]);
  xdotool("key", "--clearmodifiers", "ctrl+a");
  xdotool("key", "--clearmodifiers", "ctrl+c");
  await sleep(200);
  let suggested = null;
  try {
    suggested = execFileSync("xclip", ["-selection", "clipboard", "-o"], { encoding: "utf8", timeout: 2000 });
  } catch {
    suggested = null;
  }
  xdotool("key", "--clearmodifiers", "ctrl+a");
  xdotool("type", "--delay", "15", typed);
  await sleep(300);
  await closedByItsButton(id, title, "save-dialog-stuck");
  return suggested;
}
