// The part of autocannon's programmatic API the benchmark uses (the package ships no types).
declare module "autocannon" {
  type Request = { method?: string; path?: string; headers?: Record<string, string>; body?: string };
  type Options = {
    url: string;
    connections?: number;
    /** Seconds. */
    duration?: number;
    /** Requests to make, then stop (duration is ignored). */
    amount?: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    /** Seconds before a request counts as timed out. */
    timeout?: number;
    requests?: { setupRequest?: (req: Request, context: object) => Request }[];
  };
  export type Result = { duration: number; errors: number; timeouts: number; non2xx: number };
  type Instance = import("node:events").EventEmitter & { stop: () => void };
  /** "response" events carry (client, statusCode, resBytes, responseTime in ms with sub-ms precision). */
  function autocannon(opts: Options, done: (err: Error | null, result: Result) => void): Instance;
  export default autocannon;
}
