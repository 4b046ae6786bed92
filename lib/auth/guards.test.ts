import { UnsecuredJWT } from "jose";
import { describe, expect, it } from "vitest";
import { guard, looksSignedIn } from "./guards";

const token = (expSec: number) => new UnsecuredJWT({}).setSubject("1").setExpirationTime(expSec).encode();
const valid = token(Math.floor(Date.now() / 1000) + 3600);
const expired = token(Math.floor(Date.now() / 1000) - 10);

describe("route guards", () => {
  it.each([
    ["/profile", "", undefined, "/login/sms?redirect=%2Fprofile"],
    ["/history", "?time_filter=week", undefined, "/login/sms?redirect=%2Fhistory%3Ftime_filter%3Dweek"],
    ["/summary-history", "", expired, "/login/sms?redirect=%2Fsummary-history"],
    ["/likes", "", "garbage", "/login/sms?redirect=%2Flikes"],
    ["/login/sms", "", valid, "/"],
    ["/login/password", "?redirect=%2Fprofile", valid, "/"],
    ["/register", "", valid, "/"],
  ])("%s%s with %s → %s", (path, search, tok, target) => {
    expect(guard(path, search, tok)).toEqual({ redirect: target });
  });

  it.each([
    ["/profile", valid],
    ["/", undefined],
    ["/login/sms", undefined],
    ["/login/sms", expired],
    ["/register", "garbage"],
    ["/profiles", undefined],
    ["/smart-summary", undefined],
  ])("lets %s through with %s", (path, tok) => {
    expect(guard(path, "", tok)).toBeNull();
  });

  it("needs a subject and a future expiry", () => {
    expect(looksSignedIn(new UnsecuredJWT({}).setExpirationTime("1h").encode())).toBe(false);
    expect(looksSignedIn(valid)).toBe(true);
  });
});
