// The floor: about the least a Node server can do to answer the feed and search requests — node:http and a
// pg pool (as large as the app's) replaying the SQL the app's query functions send for each path (captured
// by bench/floor.ts), every row serialized as JSON. No framework, routing, validation, auth or mapping.
// Started by bench/floor.ts: node --import tsx bench/floor-server.ts <routes.json> <database url>
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import pg from "pg";
import type { Replay, Sent } from "./capture";

const [file, databaseUrl] = process.argv.slice(2);
const routes = JSON.parse(readFileSync(file, "utf8")) as Record<string, Replay>;
const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });

async function runUnit(unit: Sent[]): Promise<pg.QueryResult[]> {
  if (unit.length === 1) return [await pool.query(unit[0].text, unit[0].values)];
  const client = await pool.connect(); // a transaction: its queries on one connection
  try {
    const results = [];
    for (const q of unit) results.push(await client.query(q.text, q.values));
    return results;
  } finally {
    client.release();
  }
}

const server = createServer(async (req, res) => {
  const replay = routes[req.url ?? ""];
  if (!replay) return void res.writeHead(404).end();
  try {
    const rows: unknown[][] = [];
    for (const phase of replay) {
      for (const results of await Promise.all(phase.map(runUnit))) rows.push(...results.filter((r) => r.rows.length).map((r) => r.rows));
    }
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ data: rows }));
  } catch (err) {
    res.writeHead(500).end(String(err));
  }
});
server.keepAliveTimeout = 60_000;
server.listen(0, "127.0.0.1", () => console.log(JSON.stringify({ port: (server.address() as AddressInfo).port })));
process.on("SIGTERM", () => {
  server.close();
  void pool.end().finally(() => process.exit(0));
});
