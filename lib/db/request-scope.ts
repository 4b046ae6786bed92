import "server-only";
// No query outlives its request (DESIGN.md "Scale"). node-postgres has no AbortSignal, so the web pool
// (RequestPool) knows which request checked out each connection, through an AsyncLocalStorage scope opened by
// the route wrapper. When the request's signal aborts (the client went away), every connection the request
// still holds gets PostgreSQL's cancel request (the protocol's CancelRequest, sent on a new socket with the
// backend's pid and secret key), later queries of that request are refused at once, and those connections
// are closed instead of returned to the pool: a cancel that arrives late must never hit the query of the
// next request on the same connection. Concurrent queries of one request (Promise.all) keep their own
// connections. Outside a scope (pages, caches, jobs) the pool behaves as pg's.
//
// Embedded PGlite runs each query synchronously inside this process: nothing can interrupt it, so neither
// the scope nor the statement timeout applies there (docs/deploy.md).
import { AsyncLocalStorage } from "node:async_hooks";
import { connect as netConnect } from "node:net";
import pg from "pg";
import { log } from "@/lib/log";

/** A query refused because its request was already cancelled. */
export class RequestAbortedError extends Error {
  constructor() {
    super("请求已取消");
    this.name = "RequestAbortedError";
  }
}

/** Whether `err` (or what it wraps, e.g. Drizzle's query error) is a RequestAbortedError. */
export function requestAborted(err: unknown): boolean {
  for (let e = err, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof Error && e.name === "RequestAbortedError") return true; // by name: one class per bundle
  }
  return false;
}

/** How often a cancel is repeated while a cancelled request still holds the connection (closes a race). */
const CANCEL_REPEAT_MS = 250;
const CANCEL_MAX_REPEATS = 40;
/** Connecting to the server to deliver a cancel gives up after this long. */
const CANCEL_CONNECT_TIMEOUT_MS = 2_000;

type QueryArgs = unknown[];

/**
 * The request a pooled connection is checked out to. Kept on the connection under a registered symbol, set
 * once and then only reassigned (the connection's shape stays the same, so pg's hot paths stay fast), and
 * shared by every bundle's copy of this module.
 */
const OWNER = Symbol.for("shiyue.request-scope.owner");
type Tracked = pg.PoolClient & { [OWNER]?: RequestScope | null };

class RequestScope {
  private readonly held = new Set<pg.PoolClient>();
  aborted = false;

  constructor(private readonly requestId?: string) {}

  /** Cancels this request's queries when `signal` aborts. */
  follow(signal: AbortSignal): void {
    if (signal.aborted) this.abort();
    else signal.addEventListener("abort", () => this.abort(), { once: true });
  }

  abort(): void {
    if (this.aborted) return;
    this.aborted = true;
    if (!this.held.size) return;
    log.info("request gone, cancelling its queries", { requestId: this.requestId, connections: this.held.size });
    for (const client of this.held) void this.cancelWhileHeld(client);
  }

  /** Takes a connection just checked out for this request, or gives it back and throws if the request is gone. */
  accept(client: Tracked): pg.PoolClient {
    if (this.aborted) {
      client.release(); // nothing ran on it for us
      throw new RequestAbortedError();
    }
    if (!(OWNER in client)) {
      // Once per connection: a query of a cancelled request is refused without reaching the server.
      const query = client.query;
      client[OWNER] = null;
      client.query = ((...args: QueryArgs) => (client[OWNER]?.aborted ? refuse(args) : Reflect.apply(query, client, args))) as typeof client.query;
    }
    client[OWNER] = this;
    this.held.add(client);
    const release = client.release; // pg-pool sets a new one at every checkout
    let released = false;
    client.release = (err?: Error | boolean) => {
      if (!released) {
        released = true;
        this.held.delete(client);
        client[OWNER] = null;
      }
      // A truthy argument makes pg-pool close the connection instead of reusing it.
      return release(err || this.aborted);
    };
    return client;
  }

  /** Sends the cancel, and again while the request still holds the connection (a query sent just before the abort). */
  private async cancelWhileHeld(client: pg.PoolClient): Promise<void> {
    for (let i = 0; i < CANCEL_MAX_REPEATS && this.held.has(client); i++) {
      await sendCancelRequest(client);
      await new Promise((resolve) => setTimeout(resolve, CANCEL_REPEAT_MS).unref());
    }
  }
}

/** Answers a query of a cancelled request with RequestAbortedError, in the calling style pg's Client.query was used with. */
function refuse(args: QueryArgs): Promise<never> | undefined {
  const err = new RequestAbortedError();
  const callback = args.filter((a): a is (e: Error) => void => typeof a === "function").pop();
  if (!callback) return Promise.reject(err);
  process.nextTick(callback, err);
  return undefined;
}

type BackendKey = { host?: string; port?: number; processID?: number | null; secretKey?: number | null };

/**
 * PostgreSQL's CancelRequest for the query `client` is running (a no-op when it is idle). Resolves when the
 * server closed the cancel connection, or it failed: a cancel is best effort.
 */
export function sendCancelRequest(client: pg.ClientBase): Promise<void> {
  const { host = "localhost", port = 5432, processID, secretKey } = client as unknown as BackendKey;
  if (processID == null || secretKey == null) return Promise.resolve();
  return new Promise((resolve) => {
    const socket = host.startsWith("/") ? netConnect(`${host}/.s.PGSQL.${port}`) : netConnect(port, host);
    const packet = Buffer.alloc(16);
    packet.writeInt32BE(16, 0);
    packet.writeInt32BE(80877102, 4); // the cancel request code
    packet.writeInt32BE(processID, 8);
    packet.writeInt32BE(secretKey, 12);
    socket.setTimeout(CANCEL_CONNECT_TIMEOUT_MS, () => socket.destroy());
    socket.once("connect", () => socket.end(packet));
    socket.once("error", () => socket.destroy());
    socket.once("close", () => resolve());
  });
}

// One store per process: Next.js bundles instrumentation.ts (which opens the pool) apart from the route
// handlers (which open the scopes), so each bundle has its own copy of this module.
const g = globalThis as typeof globalThis & { __shiyueRequestScopes?: AsyncLocalStorage<RequestScope> };
const scopes = (g.__shiyueRequestScopes ??= new AsyncLocalStorage<RequestScope>());

/**
 * Runs `fn` (a web request's handler) so that the queries it starts through the web pool are cancelled when
 * `signal` aborts. Async work started inside, a response stream included, belongs to the same request.
 */
export function withRequestQueries<T>({ signal, requestId }: { signal: AbortSignal; requestId?: string }, fn: () => T): T {
  const scope = new RequestScope(requestId);
  scope.follow(signal);
  return scopes.run(scope, fn);
}

/** Also cancels the current request's queries when `signal` aborts (a response stream the client cancelled). */
export function cancelQueriesOn(signal: AbortSignal): void {
  scopes.getStore()?.follow(signal);
}

/**
 * Runs `fn` outside the current request: work whose result other requests share (a cache fill, a value
 * computed once) must not be cancelled with the request that happened to start it.
 */
export function outsideRequest<T>(fn: () => T): T {
  return scopes.exit(fn);
}

type ConnectCallback = (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void;

/** The web pool: pg.Pool whose connections are tracked by the request that checked them out (see above). */
export class RequestPool extends pg.Pool {
  connect(): Promise<pg.PoolClient>;
  connect(callback: ConnectCallback): void;
  connect(callback?: ConnectCallback): Promise<pg.PoolClient> | void {
    const scope = scopes.getStore();
    if (!scope) return callback ? super.connect(callback) : super.connect();
    if (scope.aborted) {
      if (!callback) return Promise.reject(new RequestAbortedError());
      process.nextTick(callback, new RequestAbortedError(), undefined, () => {});
      return;
    }
    if (!callback) return super.connect().then((client) => scope.accept(client));
    // pg-pool's own query() checks out with a callback: keep it free of extra promises.
    super.connect((err, client) => {
      if (err || !client) return callback(err, undefined, () => {});
      let taken: pg.PoolClient;
      try {
        taken = scope.accept(client);
      } catch (refused) {
        return callback(refused as Error, undefined, () => {});
      }
      callback(undefined, taken, (release) => taken.release(release as Error | boolean | undefined));
    });
  }
}
