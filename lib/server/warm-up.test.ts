// Warm readiness through the server's request pipeline over HTTP (a stand-in for Next.js answers what gets
// through): while the process is cold, a proxied GET is turned away with a 503 its proxy retries on another
// replica, everything else is served; the warm-up's own requests go through; once warm, nothing is turned away.
import { afterEach, describe, expect, it } from "vitest";
import { resetConfig } from "@/lib/config";
import { isWarm, searchWordOf, startCold, warmUp } from "@/lib/server/warm-up";
import { startBehindFrontDoor, type StandIn } from "@/test/front-door-server";

let standIn: StandIn | undefined;
const saved = process.env.TRUSTED_PROXIES;
afterEach(async () => {
  await standIn?.close();
  standIn = undefined;
  if (saved === undefined) delete process.env.TRUSTED_PROXIES;
  else process.env.TRUSTED_PROXIES = saved;
  resetConfig();
});

describe("warm readiness", () => {
  it("turns proxied GETs away while cold, serves the rest, and serves everything once the warm-up is over", async () => {
    process.env.TRUSTED_PROXIES = "1"; // the peer (this test, on loopback) is the proxy
    resetConfig();
    standIn = await startBehindFrontDoor();
    startCold();
    expect(isWarm()).toBe(false);
    const cold = await fetch(`${standIn.base}/articles/1`, { headers: { "x-forwarded-for": "203.0.113.7" } });
    expect(cold.status).toBe(503);
    expect(cold.headers.get("retry-after")).toBe("1");
    expect(await cold.json()).toEqual({ detail: "服务正在预热，请稍后再试" });
    // Not a request a proxy may repeat, and the probes: served.
    expect((await fetch(`${standIn.base}/api/v1/likes/1`, { method: "POST" })).status).toBe(299);
    expect((await fetch(`${standIn.base}/api/health`)).status).toBe(299);
    expect(standIn.handled).not.toContain("/articles/1");

    standIn.handled.length = 0;
    await warmUp(standIn.base);
    // The warm-up asked for the home page, the feed (the stand-in's is no JSON: no permalink or search to take from
    // it) and the chat's route, through the door.
    expect(standIn.handled).toEqual(["/", "/api/v1/articles?page=1", "/api/v1/chat"]);
    expect(isWarm()).toBe(true);
    expect((await fetch(`${standIn.base}/articles/1`, { headers: { "x-forwarded-for": "203.0.113.7" } })).status).toBe(299);
  });

  it("serves a reader without a proxy in front while cold (npm start: one process, nowhere else to go)", async () => {
    process.env.TRUSTED_PROXIES = "0";
    resetConfig();
    standIn = await startBehindFrontDoor();
    startCold();
    expect((await fetch(`${standIn.base}/articles/1`)).status).toBe(299);
    await warmUp(standIn.base);
  });

  it("searches for a word of the newest title", () => {
    expect(searchWordOf("大模型推理成本下降")).toBe("大模型推");
    expect(searchWordOf("Rust 2026 edition")).toBe("Rust");
  });
});
