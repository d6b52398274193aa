// A minimal W3C WebDriver client over fetch, enough for our end-to-end tests: sessions, elements,
// text, clicks, keys, screenshots. tauri-driver forwards it to WebKitWebDriver.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";

const DRIVER = process.env.RP_WEBDRIVER_URL ?? "http://127.0.0.1:4444";
const ELEMENT = "element-6066-11e4-a52f-4f735a3ea3a5";
/** W3C WebDriver key values. */
export const KEY = {
  Shift: "\uE008",
  Control: "\uE009",
  Alt: "\uE00A",
  Escape: "\uE00C",
  Enter: "\uE007",
  Delete: "\uE017",
  ArrowLeft: "\uE012",
  ArrowUp: "\uE013",
  ArrowRight: "\uE014",
  ArrowDown: "\uE015",
  F2: "\uE032",
  F10: "\uE03A",
};
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function call(method, path, body, timeoutMs = undefined, driver = DRIVER) {
  const res = await fetch(driver + path, {
    method,
    headers: { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: timeoutMs ? AbortSignal.timeout(timeoutMs) : undefined,
  });
  const json = await res.json();
  if (!res.ok) throw new Error(`${method} ${path}: ${JSON.stringify(json.value)}`);
  return json.value;
}

/** Where the window's size and place are kept between starts. */
export const WINDOW_STATE = join(
  process.env.XDG_CONFIG_HOME ?? join(process.env.HOME ?? "", ".config"),
  "app.resource-planner.desktop",
  ".window-state.json",
);

/**
 * What the app remembers between starts (zoom, day in view, filters, language) is forgotten before
 * each test's app starts, so that every test begins as a first start does; `keepPrefs` keeps it (a
 * test of remembering, starting the app again).
 */
function forgetPrefs() {
  const data = join(process.env.XDG_DATA_HOME ?? "", "resource-planner");
  rmSync(join(data, "prefs"), { recursive: true, force: true });
  // The window's size and place (Tauri's window-state plugin, in the config folder).
  rmSync(WINDOW_STATE, { force: true });
  let tables = [];
  try {
    tables = readdirSync(join(data, "tables"));
  } catch {
    // no team table used yet
  }
  for (const t of tables) rmSync(join(data, "tables", t, "prefs"), { recursive: true, force: true });
}

/** Whether a process of `binary` still runs. */
function running(binary) {
  try {
    execFileSync("pgrep", ["-f", binary]);
    return true;
  } catch {
    return false;
  }
}

/** Waits until no process of the app's binary runs. */
export const appGone = (application, ms = 20000) => until("the app to quit", () => !running(application), ms);

export async function startApp(application, { keepPrefs = false, driver = DRIVER, args = [], dataHome = process.env.XDG_DATA_HOME } = {}) {
  // The app before has quit: a second start would hand over to it and show no window of its
  // own, and the new session would wait for one (seen once: five minutes, then a failed fetch).
  await appGone(application);
  if (!keepPrefs && process.env.XDG_DATA_HOME) forgetPrefs();
  const capabilities = { alwaysMatch: { "tauri:options": args.length ? { application, args } : { application } } };
  // A window normally shows within seconds; a start that has none after a minute is stuck (the
  // driver waits for it for good): its processes are ended and it is tried once more, said so.
  try {
    return new Session((await call("POST", "/session", { capabilities }, 60000, driver)).sessionId, driver, dataHome);
  } catch (e) {
    console.log(`the app did not open a window within a minute (${e.message}); starting it again`);
    try {
      execFileSync("pkill", ["-f", application]);
    } catch {
      // nothing left to end
    }
    await appGone(application);
    return new Session((await call("POST", "/session", { capabilities }, 60000, driver)).sessionId, driver, dataHome);
  }
}

const ROW_OF = `
  const name = [...document.querySelectorAll(".name")].find((e) => e.querySelector(".who").textContent.trim() === arguments[0]);
  if (!name) return null;
  const r = name.getBoundingClientRect();
  const view = document.querySelector(".viewport").getBoundingClientRect();
  return { x: view.left, y: r.top + 18, middle: r.top + r.height / 2, top: r.top, bottom: r.bottom, nameX: r.left + 40,
    figures: name.querySelector(".load")?.textContent.trim() };`;

/** A person's row, found by their name (null while there is none): `x` the pane's left edge, `y`
 * the middle of its first lane, `middle` the row's, `top` and `bottom`, `nameX` a point on the
 * name, and `figures` what the name column says of the person's load. */
export const rowOf = (app, person) => app.script(ROW_OF, [person]);

/** Starts the app, waits for the timeline's bars, hands the session to `body` and closes the app
 * after it, whatever `body` did. */
export async function withTimeline(application, body) {
  const app = await startApp(application);
  try {
    await app.waitFor(".bar", 10).catch(async (e) => {
      throw new Error(`${e.message} (seen: ${JSON.stringify(await screenOf(app))})`);
    });
    return await body(app);
  } finally {
    await app.close();
  }
}

const SET_VALUE = `const [css, value, i] = arguments; const el = document.querySelectorAll(css)[i];
  el.value = value; el.dispatchEvent(new Event("input", { bubbles: true }));
  el.dispatchEvent(new Event("change", { bubbles: true })); return null;`;

export class Session {
  /** `driver`: the WebDriver server it runs on (a second app runs on its own: second-app.mjs). */
  constructor(id, driver = DRIVER, dataHome = process.env.XDG_DATA_HOME) {
    this.id = id;
    this.driver = driver;
    /** The app's data folder (its log is read from it when a wait fails). */
    this.dataHome = dataHome;
  }
  /** A request of this session to its driver. */
  call(method, path, body) {
    return call(method, path, body, undefined, this.driver);
  }
  path(rest) {
    return `/session/${this.id}${rest}`;
  }
  async findAll(css) {
    const found = await this.call("POST", this.path("/elements"), { using: "css selector", value: css });
    // W3C names the id by a fixed key; some drivers still use the legacy "ELEMENT".
    return found.map((e) => e[ELEMENT] ?? e.ELEMENT ?? Object.values(e)[0]);
  }
  /** Waits up to `ms` for at least `min` elements matching `css`. A request the driver fails
   * meanwhile (the page unloading or not yet there: "no such frame") is asked again. */
  async waitFor(css, min = 1, ms = 15000) {
    const until = Date.now() + ms;
    let failed = null;
    for (;;) {
      const found = await this.findAll(css).catch((e) => {
        failed = e;
        return [];
      });
      if (found.length >= min) return found;
      if (Date.now() > until)
        throw new Error(`no ${min} × ${css} after ${ms} ms${failed ? ` (the driver last said: ${failed.message})` : ""}`);
      await sleep(200);
    }
  }
  text(element) {
    return this.call("GET", this.path(`/element/${element}/text`));
  }
  /** Runs mouse actions that start with the pointer at viewport point (x, y). */
  mouse(x, y, actions) {
    const at = { type: "pointerMove", duration: 0, origin: "viewport", x: Math.round(x), y: Math.round(y) };
    return this.call("POST", this.path("/actions"), {
      actions: [{ type: "pointer", id: "mouse", parameters: { pointerType: "mouse" }, actions: [at, ...actions] }],
    });
  }
  /** Presses the mouse at viewport point (x, y), moves it by (dx, dy) in `steps` and releases. */
  drag(x, y, dx, dy, steps = 5) {
    const moves = Array.from({ length: steps }, (_, i) => ({
      type: "pointerMove",
      duration: 30,
      origin: "viewport",
      x: Math.round(x + (dx * (i + 1)) / steps),
      y: Math.round(y + (dy * (i + 1)) / steps),
    }));
    return this.mouse(x, y, [{ type: "pointerDown", button: 0 }, ...moves, { type: "pointerUp", button: 0 }]);
  }
  /**
   * Mouse actions at viewport point (x, y) with `key` held (KEY.Control, KEY.Shift): the key
   * source and the pointer source run tick by tick together, as a person holds a key while
   * clicking or dragging.
   */
  mouseWith(key, x, y, actions) {
    const at = { type: "pointerMove", duration: 0, origin: "viewport", x: Math.round(x), y: Math.round(y) };
    const pointer = [at, ...actions];
    const keys = [{ type: "keyDown", value: key }, ...pointer.slice(1).map(() => ({ type: "pause", duration: 0 })), { type: "keyUp", value: key }];
    return this.call("POST", this.path("/actions"), {
      actions: [
        { type: "key", id: "keyboard", actions: keys },
        { type: "pointer", id: "mouse", parameters: { pointerType: "mouse" }, actions: [...pointer, { type: "pause", duration: 0 }] },
      ],
    });
  }
  /** Right-clicks at viewport point (x, y). */
  rightClick(x, y) {
    return this.mouse(x, y, [
      { type: "pointerDown", button: 2 },
      { type: "pointerUp", button: 2 },
    ]);
  }
  /**
   * Presses keys on whatever has focus, as a person would: each chord is a list of keys held
   * together, e.g. press([KEY.Control, "z"]). Keys are W3C WebDriver key values (KEY below).
   */
  press(...chords) {
    const actions = [];
    for (const chord of chords) {
      for (const k of chord) actions.push({ type: "keyDown", value: k });
      for (const k of [...chord].reverse()) actions.push({ type: "keyUp", value: k });
    }
    return this.call("POST", this.path("/actions"), { actions: [{ type: "key", id: "keyboard", actions }] });
  }
  /** Types into an element; "\uE017" is the Delete key. */
  type(element, text) {
    return this.call("POST", this.path(`/element/${element}/value`), { text });
  }
  /** Empties a text field (WebDriver's Element Clear). */
  clear(element) {
    return this.call("POST", this.path(`/element/${element}/clear`), {});
  }
  click(element) {
    return this.call("POST", this.path(`/element/${element}/click`), {});
  }
  /** The text content of every element matching `css` (rendered or clipped alike). */
  texts(css) {
    return this.script("return Array.from(document.querySelectorAll(arguments[0])).map((e) => e.textContent.trim());", [css]);
  }
  /** Sets the `i`-th form control matching `css` to `value` the way typing would (an input event,
   * then a change event), so the app's bindings see it. */
  set(css, value, i = 0) {
    return this.script(SET_VALUE, [css, value, i]);
  }
  /** Sets the window's size and place (W3C Set Window Rect); answers the rect it has then. */
  rect(r) {
    return this.call("POST", this.path("/window/rect"), r);
  }
  /** The window's size and place (W3C Get Window Rect). */
  windowRect() {
    return this.call("GET", this.path("/window/rect"));
  }
  script(source, args = []) {
    return this.call("POST", this.path("/execute/sync"), { script: source, args });
  }
  /**
   * Reloads the page (after `before`, a script run in the old page first) and waits until the new
   * page has loaded. A request that reaches the driver while the old page unloads fails ("no such
   * frame"), so the old page is marked and requests are retried until a page without the mark
   * answers.
   */
  async reload(before = "", args = []) {
    await this.script(`window.__rpOldPage = true; ${before}; location.reload(); return null;`, args);
    // A failed request: the old page unloading, or the new one not yet there (as in waitFor).
    await until("the page to reload", () =>
      this.script(`return !window.__rpOldPage && document.readyState === "complete";`).catch(() => false),
    );
  }
  async screenshot(name) {
    const dir = process.env.RP_E2E_SHOTS ?? "artifacts/e2e";
    mkdirSync(dir, { recursive: true });
    // WebKit takes the screenshot at its next rendering update. Without compositing (the app's
    // default on a computer without a GPU, as here: src-tauri/src/rendering.rs) a page with
    // nothing to redraw makes none, and the screenshot waits for ever. So a 1-pixel mark, almost
    // transparent, changes for half a second of frames first, then goes.
    await this.script(NUDGE);
    const png = await this.call("GET", this.path("/screenshot"));
    const file = join(dir, `${name}.png`);
    writeFileSync(file, Buffer.from(png, "base64"));
    return file;
  }
  close() {
    return this.call("DELETE", this.path(""));
  }
  /**
   * What the timeline's canvas shows where the bar labelled `label…` is (its hit target, which is
   * invisible): the colour of a pixel near the bar's top edge, above its text, as "rgb(r, g, b)";
   * null while there is no such bar.
   */
  barPixel(label) {
    return this.script(BAR_PIXEL, [label]);
  }
}

const BAR_PIXEL = `
  const bar = [...document.querySelectorAll(".hits .bar")].find((b) => b.getAttribute("aria-label").startsWith(arguments[0]));
  const canvas = document.querySelector(".viewport canvas.paint");
  if (!bar || !canvas) return null;
  const b = bar.getBoundingClientRect();
  const c = canvas.getBoundingClientRect();
  const ratio = canvas.width / c.width;
  const x = Math.round((Math.min(b.left + b.width / 2, c.right - 2) - c.left) * ratio);
  const y = Math.round((b.top + 3 - c.top) * ratio);
  const [r, g, bl] = canvas.getContext("2d").getImageData(x, y, 1, 1).data;
  return "rgb(" + r + ", " + g + ", " + bl + ")";
`;

const NUDGE = `
  const mark = document.createElement("div");
  mark.setAttribute("aria-hidden", "true");
  mark.style.cssText = "position: fixed; right: 0; bottom: 0; width: 1px; height: 1px; pointer-events: none; z-index: 2147483647";
  document.body.append(mark);
  let frames = 0;
  const tick = () => {
    mark.style.background = frames % 2 ? "rgba(128, 128, 128, 0.02)" : "rgba(128, 128, 128, 0.01)";
    if (++frames < 30) requestAnimationFrame(tick);
    else mark.remove();
  };
  requestAnimationFrame(tick);
  return null;
`;

/** Clicks the open menu's item whose text includes `text`. */
export async function clickMenuItem(app, text) {
  await app.waitFor('[role="menu"] [role="menuitem"]');
  const clicked = await app.script(
    `const item = [...document.querySelectorAll('[role="menuitem"]')].find((b) => b.textContent.includes(arguments[0]));
     if (item) item.click(); return !!item;`,
    [text],
  );
  if (!clicked) throw new Error(`no menu item ${text}`);
}

/** Opens `person`'s menu (their name's context menu) and its item `item`, and waits for the
 * dialog it opens. The menu is asked for by the event itself, not a WebDriver right-click:
 * WebKitWebDriver keeps the right button pressed when the click opens a menu and a dialog, so its
 * next press of the left one is no press at all (the page sees a pointermove with the button
 * chorded), and a drag after it draws nothing. */
export async function personMenu(app, person, item) {
  const r = await rowOf(app, person);
  await app.script(
    `const name = [...document.querySelectorAll(".name")].find((e) => e.querySelector(".who").textContent.trim() === arguments[0]);
     name.dispatchEvent(new MouseEvent("contextmenu", { bubbles: true, cancelable: true, clientX: arguments[1], clientY: arguments[2], button: 2 }));
     return null;`,
    [person, r.nameX, r.y],
  );
  await clickMenuItem(app, item);
  await app.waitFor("dialog[open]");
}

/** Waits until the first-start hint has gone with the first edit saved (an edit's label shows
 * before it is saved). */
export const hintGone = (app) => until("the first-start hint to go", async () => (await app.findAll(".hint")).length === 0);

/** Waits until no dialog is open. */
export const dialogGone = (app) => until("the dialog to close", async () => (await app.findAll("dialog[open]")).length === 0);

/** Closes the open dialog with its Close (or Cancel) button, in either language. */
export async function closeDialog(app) {
  await app.script(
    `[...document.querySelectorAll("dialog[open] .actions button")].find((b) => /^(Close|Cancel|閉じる|キャンセル)$/.test(b.textContent.trim())).click(); return true;`,
  );
  await dialogGone(app);
}

/** The wall clock against the monotonic one since this run began (ms; 0 while neither was set
 * or stepped): a failure that follows a clock set back or forward says so. */
const clockAt = { wall: Date.now(), mono: performance.now() };
export const clockMoved = () => Math.round(Date.now() - clockAt.wall - (performance.now() - clockAt.mono));

const SCREEN = `const texts = (css) => [...document.querySelectorAll(css)]
    .map((e) => e.textContent.trim().replace(/\\s+/g, " ").slice(0, 160)).filter(Boolean);
  return { headings: texts("h1"), said: texts('[role="alert"], [role="status"]'),
    dialogs: texts("dialog[open] h2"), loading: !!document.querySelector(".loading"),
    signingIn: !!document.querySelector("main.signin button[type=submit]:disabled") };`;

/** The lines of the app's log files in `dataHome` (its XDG data folder; `logs/app.YYYY-MM-DD.log`),
 * oldest file first. */
export function logLines(dataHome = process.env.XDG_DATA_HOME) {
  const dir = join(dataHome ?? "", "resource-planner", "logs");
  if (!dataHome || !existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.startsWith("app.") && f.endsWith(".log"))
    .sort()
    .flatMap((f) => readFileSync(join(dir, f), "utf8").split("\n"));
}

/** The last warnings and errors of the app's log in `dataHome`. */
const logProblems = (dataHome, n = 6) =>
  logLines(dataHome)
    .filter((l) => / (warn|error) /.test(l))
    .slice(-n)
    .map((l) => l.slice(0, 300));

/** What `app`'s window shows, for a failure message: its headings, what it says (alerts and
 * statuses), the open dialogs' titles, whether it is still loading or a sign-in is on its way, the
 * last warnings and errors of its log, whether the computer's clock was stepped during the run,
 * the time and the machine's load (a busy machine, or a run at an odd hour, says so). */
export async function screenOf(app) {
  const screen = await app.script(SCREEN).catch((e) => ({ unreadable: e.message }));
  return { ...screen, log: logProblems(app.dataHome), clockMovedMs: clockMoved(), at: new Date().toISOString(), load: loadavg()[0] };
}

/** Waits until `app` shows the timeline of the team `name` (its title), up to `ms`, and says
 * how long that took; a timeout says what the window showed instead. */
export async function teamTimeline(app, name, ms = 30000) {
  const t0 = Date.now();
  await until(`${name}'s timeline`, async () => (await app.texts("h1"))[0] === name, ms, () => screenOf(app));
  console.log(`${name}'s timeline shown ${Date.now() - t0} ms after the wait began`);
}

/** Waits until `check()` gives a truthy value (and returns it), or fails saying `what` (and what
 * `seen()`, if given, says of the screen then). */
export async function until(what, check, ms = 10000, seen = undefined) {
  const end = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}${seen ? ` (seen: ${JSON.stringify(await seen())})` : ""}`);
    await sleep(100);
  }
}

/** The toolbar's height, width and buttons' heights, and the plan's notice: its whole text, the
 * box it is drawn in and whether any of it is cut off. */
export const toolbarAndNotice = (app) =>
  app.script(`const t = document.querySelector(".toolbar").getBoundingClientRect();
    const n = document.querySelector(".notice"); const text = n?.querySelector(".text");
    const r = n?.getBoundingClientRect();
    return { height: t.height, width: t.width,
      buttons: [...document.querySelectorAll(".toolbar button")].map((b) => b.getBoundingClientRect().height),
      notice: n && { text: text.textContent.trim(), inToolbar: !!n.closest(".toolbar"),
        left: r.left, right: r.right, top: r.top, bottom: r.bottom, width: r.width,
        cut: text.scrollWidth > text.clientWidth + 1 || text.scrollHeight > text.clientHeight + 1 },
      window: { width: innerWidth, height: innerHeight } };`);

/** Asserts that the notice is whole and on screen, and the toolbar as one line as `before`. */
export function assertOneLineAndNoticeShown(assert, before, after, text) {
  assert.ok(after.notice, "a notice");
  assert.equal(after.notice.text, text, "the notice says all of itself");
  assert.equal(after.notice.inToolbar, false, "not squeezed into the toolbar");
  assert.equal(after.notice.cut, false, "nothing of it cut off");
  assert.ok(after.notice.width >= 240, `the notice is ${after.notice.width} px wide`);
  assert.ok(after.notice.left >= 0 && after.notice.right <= after.window.width && after.notice.bottom <= after.window.height, "on screen");
  assert.ok(Math.abs(after.height - before.height) <= 1, `one line: ${before.height} → ${after.height} px`);
  for (const h of after.buttons) assert.ok(h <= before.height, `a button ${h} px high: nothing stacked`);
}

/** The window as narrow as 1024 px and the UI in Japanese: the tightest toolbar. */
export async function japaneseAt1024(app) {
  await app.script(`document.querySelector(".frame").style.width = "1024px"; return null;`);
  await app.click((await app.findAll(".toolbar .lang"))[0]);
  await until("Japanese", async () => (await app.texts(".toolbar .lang"))[0] === "English");
}

/** Adds a person from the toolbar: + Person, the name typed, Save (the dialog may stay open with a
 * warning or an error, which the caller reads). */
export async function addPerson(app, name) {
  await app.click((await app.findAll('button[data-action="add-person"]'))[0]);
  await app.type((await app.waitFor("dialog[open] input[name=name]"))[0], name);
  await app.click((await app.findAll('dialog[open] button[type="submit"]'))[0]);
}

/** Deletes the person named `name` (with their bookings) from their row's menu, if they have a
 * row; a dialog left open by a failed step is closed first. */
export async function deletePerson(app, name) {
  const r = await rowOf(app, name);
  if (!r) return;
  if ((await app.findAll("dialog[open]")).length) await app.script(`document.querySelector("dialog[open]").close(); return null;`);
  await app.rightClick(r.nameX, r.middle);
  await clickMenuItem(app, "Delete person");
  await app.click((await app.waitFor("dialog[open] button.danger"))[0]);
  await dialogGone(app);
  await until("the person's row to go", async () => !(await app.texts(".name .who")).includes(name));
}

/** [`withTimeline`] with a new person `name` added first and deleted after, also when `body`
 * failed, so that the team is left as it was for the tests after. */
export const withNewPerson = (application, name, body) =>
  withTimeline(application, async (app) => {
    await addPerson(app, name);
    await dialogGone(app);
    try {
      return await body(app);
    } finally {
      await deletePerson(app, name).catch((e) => console.log(`could not remove ${name}: ${e.message}`));
    }
  });
