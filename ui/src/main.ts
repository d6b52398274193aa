// Mounts the app.
import { mount } from "svelte";
import App from "./App.svelte";
import "./app.css";

// Where a start spends its time (tests/bench/launch.bench.mjs reads the marks).
performance.mark("rp-main");
const target = document.getElementById("app");
if (target) mount(App, { target });
