// The search flood's clients, in a process of their own (so answering them does not slow the event loop
// that times the home page and the feed): `node --import tsx bench/flood-client.ts <base> <clients>
// <seconds> <paths as JSON>`. Prints "started", then one JSON line with the flood's own figures.
import { runLoad } from "./load";

const [base, clients, seconds, paths] = process.argv.slice(2);
const list = JSON.parse(paths) as string[];
let i = 0;
console.log("started");
const result = await runLoad(base, { name: "search flood", path: () => list[i++ % list.length] }, { connections: Number(clients), seconds: Number(seconds), warmupSeconds: 0 });
console.log(JSON.stringify(result));
