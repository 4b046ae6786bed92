import "server-only";
// 今日精选 in /metrics: digests made by who wrote them (model; local: no model, or the cap reached; model_format:
// the model's answer was not the JSON asked for or cited nothing it was given; model_error: the provider failed
// after the client's retries — both then the local engine's), and the readers waiting for today's (the queue).
import client from "prom-client";
import { once } from "@/lib/metrics";

export type DigestOutcome = "model" | "local" | "model_format" | "model_error";

const made = () =>
  once("digests", (registers) => new client.Counter({ name: "shiyue_digests_total", help: "Digests written, by outcome (model, local, model_format, model_error)", labelNames: ["outcome"], registers }));

export const recordDigest = (outcome: DigestOutcome) => made().inc({ outcome });
