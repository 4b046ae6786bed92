// Keeps a test's sockets on this machine: every connection to a host other than loopback is recorded and
// refused before a packet leaves (a test that plays an SSRF attack must not reach the metadata address or a
// public host, even on code that would let it). Name resolution is stubbed too, so nothing asks a DNS server.
import dns from "node:dns";
import net from "node:net";

export type Egress = {
  /** Connections refused so far: the host and port each asked for. */
  attempts: { host: string; port: number }[];
  /** Names looked up so far (through dns.promises.lookup, which the fetcher uses). */
  lookups: string[];
  restore: () => void;
};

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+|localhost)$/i;

/** Installs the guard; `resolve` answers every name lookup (default: 93.184.215.14, a public address). */
export function guardEgress(resolve: (host: string) => string = () => "93.184.215.14"): Egress {
  const attempts: Egress["attempts"] = [];
  const lookups: string[] = [];
  const connect = net.Socket.prototype.connect;
  const lookup = dns.promises.lookup;
  net.Socket.prototype.connect = function guarded(this: net.Socket, ...args: unknown[]) {
    const first = (Array.isArray(args[0]) ? args[0][0] : args[0]) as { host?: string; port?: number; path?: string } | number;
    const { host = "localhost", port = 0, path } = typeof first === "object" ? first : { port: first, host: args[1] as string | undefined };
    if (path || LOOPBACK.test(host)) return connect.apply(this, args as Parameters<typeof connect>);
    attempts.push({ host, port: Number(port) });
    process.nextTick(() => this.destroy(Object.assign(new Error(`test: no connection to ${host}:${port}`), { code: "ECONNREFUSED" })));
    return this;
  } as typeof connect;
  // The fetcher asks for every address ({ all: true }): answer that shape.
  const stub = async (host: string) => {
    lookups.push(host);
    const address = resolve(host);
    return [{ address, family: address.includes(":") ? 6 : 4 }];
  };
  dns.promises.lookup = stub as unknown as typeof dns.promises.lookup;
  return {
    attempts,
    lookups,
    restore: () => {
      net.Socket.prototype.connect = connect;
      dns.promises.lookup = lookup;
    },
  };
}
