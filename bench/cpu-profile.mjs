// A CPU profile of the app under test, from its first line to its exit: Node 20 refuses --cpu-prof in NODE_OPTIONS,
// which is how bench/app-server.ts passes BENCH_APP_NODE_OPTIONS to the server, so the inspector does it instead:
//   BENCH_APP_NODE_OPTIONS="--import $PWD/bench/cpu-profile.mjs" npm run bench -- --cold-start
// writes bench/.data/prof/app-{pid}.cpuprofile (or into BENCH_PROF_DIR) when the server exits; open it in Chrome's
// DevTools (Performance) or read its samples with a script. Sampled every 0.5 ms.
import { mkdirSync, writeFileSync } from "node:fs";
import { Session } from "node:inspector";
import { join } from "node:path";

const dir = process.env.BENCH_PROF_DIR || join(import.meta.dirname, ".data", "prof");
const session = new Session();
session.connect();
session.post("Profiler.enable");
session.post("Profiler.setSamplingInterval", { interval: 500 });
session.post("Profiler.start");
process.on("exit", () => {
  // A session of this thread answers synchronously: the profile is written before the process is gone.
  session.post("Profiler.stop", (err, result) => {
    if (err) return;
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, `app-${process.pid}.cpuprofile`), JSON.stringify(result.profile));
  });
});
