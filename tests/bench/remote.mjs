// The data layer's benchmark (rp-bench) against a DynamoDB-protocol server over HTTP (dynoxide's,
// the engine the app embeds, as rp-test-dynamodb serves it) behind a loopback proxy that delays
// every chunk each way by RP_BENCH_LATENCY_MS (default 50: a 100 ms round trip, as a far region):
//   node tests/bench/remote.mjs RP_TEST_DYNAMODB_BINARY RP_BENCH_BINARY [rp-bench's arguments]
// (./dev bench-remote builds both and runs this). Everything listens on 127.0.0.1 and stops with it.
import { spawn } from "node:child_process";
import { freePort, listening, startCutProxy } from "../e2e/team-table.mjs";

const [server, bench, ...args] = process.argv.slice(2);
if (!server || !bench) throw new Error("usage: remote.mjs RP_TEST_DYNAMODB_BINARY RP_BENCH_BINARY [ARGS]");
const latencyMs = Number(process.env.RP_BENCH_LATENCY_MS ?? 50);

const port = await freePort();
const db = spawn(server, ["--port", String(port)], { stdio: "ignore" });
let proxy;
try {
  await listening(port);
  proxy = await startCutProxy(`http://127.0.0.1:${port}`, { latencyMs });
  console.log(`rp-bench on dynoxide over HTTP, behind a proxy of ${latencyMs} ms each way (${2 * latencyMs} ms a round trip)`);
  const code = await new Promise((resolve) => {
    const run = spawn(bench, args, {
      stdio: "inherit",
      env: {
        ...process.env,
        RP_BENCH_DYNAMODB_ENDPOINT: proxy.endpoint,
        // Fixed, fake credentials: the server is local and never AWS.
        AWS_ACCESS_KEY_ID: "bench",
        AWS_SECRET_ACCESS_KEY: "bench",
        AWS_REGION: process.env.AWS_REGION ?? "eu-west-1",
        AWS_EC2_METADATA_DISABLED: "true",
      },
    });
    run.on("exit", (c) => resolve(c ?? 1));
  });
  process.exitCode = code;
} finally {
  proxy?.stop();
  db.kill();
}
