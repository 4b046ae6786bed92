// A real PgBouncer (Debian's `pgbouncer`) in transaction mode in front of a PostgreSQL server, for the tests and
// the bench that prove migrations and the app work through it. Few server connections per database, so clients
// really do share them: a session-level lock or setting would leak from one client to another.
import { spawn, type ChildProcess } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { freePort } from "./free-port";

export const PGBOUNCER = "/usr/sbin/pgbouncer";
export const havePgBouncer = () => existsSync(PGBOUNCER);

export type PgBouncer = { url: (database: string) => string; stop: () => Promise<void> };

/**
 * Starts PgBouncer for every database of `serverUrl` (trust auth, as the machine's server). `poolSize` server
 * connections per database. The app's `statement_timeout` start-up parameter is ignored, as docs/deploy.md
 * tells operators to configure it.
 */
export async function startPgBouncer(serverUrl: string, { poolSize = 3 } = {}): Promise<PgBouncer> {
  const server = new URL(serverUrl);
  const dir = mkdtempSync(join(tmpdir(), "shiyue-pgbouncer-"));
  chmodSync(dir, 0o777);
  const port = await freePort();
  const user = server.username || "postgres";
  writeFileSync(join(dir, "users.txt"), `"${user}" ""\n`);
  writeFileSync(
    join(dir, "pgbouncer.ini"),
    [
      "[databases]",
      `* = host=${server.hostname} port=${server.port || 5432}`,
      "[pgbouncer]",
      "listen_addr = 127.0.0.1",
      `listen_port = ${port}`,
      "unix_socket_dir =",
      "auth_type = trust",
      `auth_file = ${join(dir, "users.txt")}`,
      "pool_mode = transaction",
      `default_pool_size = ${poolSize}`,
      "max_client_conn = 200",
      "ignore_startup_parameters = extra_float_digits,statement_timeout",
      `logfile = ${join(dir, "pgbouncer.log")}`,
      "",
    ].join("\n"),
  );
  // PgBouncer refuses to run as root: -u drops to the server's own account.
  const child: ChildProcess = spawn(PGBOUNCER, [...(process.getuid?.() === 0 ? ["-u", "postgres"] : []), join(dir, "pgbouncer.ini")], {
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr?.on("data", (d) => (stderr += d));
  const exited = new Promise<never>((_, reject) => child.once("exit", (code) => reject(new Error(`pgbouncer exited (${code}): ${stderr}`))));
  const url = (database: string) => `postgresql://${user}@127.0.0.1:${port}/${database}`;
  // Up when it answers a query (it listens before it has read its configuration through).
  for (let attempt = 0; ; attempt++) {
    const client = new pg.Client({ connectionString: url("postgres") });
    const ok = await Promise.race([client.connect().then(() => client.query("select 1")).then(() => true, () => false), exited]);
    await client.end().catch(() => {});
    if (ok) break;
    if (attempt > 100) throw new Error(`pgbouncer did not answer: ${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  exited.catch(() => {});
  return {
    url,
    stop: async () => {
      if (child.exitCode === null) {
        const gone = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGINT");
        await gone;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
