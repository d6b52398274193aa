// Mounts the app.
import { mount } from "svelte";
import App from "./App.svelte";
import "./app.css";
import { logWindowError } from "./ipc";
import { reportWindowErrors } from "./windowErrors";

// Errors no code caught, and rejections no one heard, go to the app's log.
reportWindowErrors(window, logWindowError);

// Where a start spends its time (tests/bench/launch.bench.mjs reads the marks).
performance.mark("rp-main");
// The webview's first frames, whatever is on them (the first one pays for setting up painting).
requestAnimationFrame(() => requestAnimationFrame(() => performance.mark("rp-first-frames")));
const target = document.getElementById("app");
if (target) mount(App, { target });
