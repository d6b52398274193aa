// The webview's security settings, checked: a strict Content-Security-Policy, capabilities that
// grant the main window nothing beyond the app's own commands, and a built UI without inline
// scripts or inline event handlers. Run by scripts/check-invariants.sh. It first proves that it
// can fail, on deliberately weakened copies of the real settings.
import { readdirSync, readFileSync, existsSync } from "node:fs";
import { join } from "node:path";

/** Permissions the main window may hold, each with its reason. None today: our own commands
 * need no permission, and the progress channel of deletes is part of the core IPC. */
const ALLOWED_PERMISSIONS = new Map([]);

/** Each CSP directive and the only sources it may list. */
const CSP_RULES = {
  "default-src": ["'self'"],
  "script-src": ["'self'"],
  "style-src": ["'self'", "'unsafe-inline'"], // Svelte sets positions with style attributes
  "img-src": ["'self'", "data:"],
  "connect-src": ["ipc:", "http://ipc.localhost"],
  "object-src": ["'none'"],
  "base-uri": ["'none'"],
  "frame-ancestors": ["'none'"],
};

function parseCsp(csp) {
  const out = {};
  for (const part of csp.split(";")) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) out[name] = sources;
  }
  return out;
}

export function problems(conf, capabilities, html) {
  const found = [];
  const security = conf.app?.security ?? {};
  if (typeof security.csp !== "string") found.push("no CSP string in app.security.csp");
  const csp = parseCsp(security.csp ?? "");
  for (const directive of Object.keys(CSP_RULES)) {
    if (!csp[directive]) found.push(`CSP lacks ${directive}`);
  }
  for (const [directive, sources] of Object.entries(csp)) {
    const allowed = CSP_RULES[directive];
    if (!allowed) found.push(`CSP has an unexpected directive ${directive}`);
    for (const s of sources) if (allowed && !allowed.includes(s)) found.push(`CSP ${directive} allows ${s}`);
  }
  if (security.dangerousDisableAssetCspModification) found.push("CSP modification of assets is disabled");
  if (conf.app?.withGlobalTauri) found.push("withGlobalTauri exposes the IPC to every script");
  for (const { file, cap } of capabilities) {
    if (JSON.stringify(cap.windows) !== JSON.stringify(["main"])) found.push(`${file}: windows other than main`);
    if (cap.remote) found.push(`${file}: grants remote URLs access to the IPC`);
    if (cap.webviews) found.push(`${file}: names webviews`);
    for (const p of cap.permissions ?? []) {
      const id = typeof p === "string" ? p : p.identifier;
      if (!ALLOWED_PERMISSIONS.has(id)) found.push(`${file}: permission ${id} is not on the allowed list`);
    }
  }
  if (html !== null) {
    for (const tag of html.match(/<script\b[^>]*>/gi) ?? []) {
      if (!/\bsrc=/.test(tag)) found.push(`built index.html has an inline script: ${tag}`);
    }
    if (/<[^>]+\son[a-z]+\s*=/i.test(html)) found.push("built index.html has an inline event handler");
  }
  return found;
}

const root = new URL("..", import.meta.url).pathname;
const conf = JSON.parse(readFileSync(join(root, "tauri.conf.json"), "utf8"));
const capDir = join(root, "src-tauri/capabilities");
const capabilities = readdirSync(capDir)
  .filter((f) => f.endsWith(".json"))
  .map((file) => ({ file, cap: JSON.parse(readFileSync(join(capDir, file), "utf8")) }));
const dist = join(root, "ui/dist/index.html");
const html = existsSync(dist) ? readFileSync(dist, "utf8") : null;

// The check can fail: weakened copies must be caught.
const weak = structuredClone(conf);
weak.app.security.csp = conf.app.security.csp.replace("script-src 'self'", "script-src 'self' 'unsafe-eval' https://cdn.example");
const weakCap = [{ file: "weak.json", cap: { windows: ["*"], permissions: ["shell:allow-open"] } }];
const caught = problems(weak, weakCap, '<script>alert(1)</script><img onerror="x">');
if (caught.length < 6) {
  console.error(`the security check misses weakened settings: ${caught.join("; ")}`);
  process.exit(2);
}

const found = problems(conf, capabilities, html);
for (const p of found) console.error(`  ${p}`);
console.log(
  found.length === 0
    ? `strict CSP, ${capabilities.length} capability file(s) granting no extra permission, ${html === null ? "UI not built" : "no inline script in the built UI"}`
    : "FAIL",
);
process.exit(found.length === 0 ? 0 : 1);
