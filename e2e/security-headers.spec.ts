import { expect, test, type Page } from "./support/fixtures";
import { mockChat, sseBody } from "./pages/chat-page";

/** CSP violations the page reports (the browser fires `securitypolicyviolation` for each blocked load). */
async function watchViolations(page: Page): Promise<string[]> {
  const seen: string[] = [];
  await page.exposeFunction("__cspViolation", (v: string) => seen.push(v));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      (window as unknown as { __cspViolation: (v: string) => void }).__cspViolation(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}:${e.columnNumber} @${location.pathname}${location.search}`);
    });
  });
  return seen;
}

test("pages carry a nonce-based CSP without unsafe-eval and the other security headers", async ({ request }) => {
  const res = await request.get("/");
  const headers = res.headers();
  const csp = headers["content-security-policy"];
  expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{20,}' 'strict-dynamic'/);
  expect(csp).not.toContain("unsafe-eval");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("object-src 'none'");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(headers["x-frame-options"]).toBe("DENY");
  expect(headers["permissions-policy"]).toContain("camera=()");
  expect(headers["strict-transport-security"]).toBeUndefined(); // plain http here

  // Every script of the page carries this response's nonce.
  const nonce = /'nonce-([^']+)'/.exec(csp)![1];
  const html = await res.text();
  const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]).filter((tag) => !tag.includes("application/ld+json"));
  expect(scripts.length).toBeGreaterThan(0);
  for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
  // A page rendered per request gets a nonce of its own each time (a visitor's kept home page or permalink keeps
  // the one it was rendered with, the same bytes for everyone: e2e/permalink-cache.spec.ts, docs/security.md).
  const nonces = await Promise.all([0, 1].map(async () => /'nonce-([^']+)'/.exec((await request.get("/about")).headers()["content-security-policy"])![1]));
  expect(nonces[0]).not.toBe(nonces[1]);

  const api = (await request.get("/api/v1/articles?page=1")).headers();
  expect(api["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'");
  expect(api["x-content-type-options"]).toBe("nosniff");

  // A client's own X-Forwarded-Proto, with no trusted proxy between (TRUSTED_PROXIES unset), is not believed: no
  // HSTS and no upgrade-insecure-requests on an http site (issue 42, row 5; the https case behind a trusted proxy:
  // lib/server/kept-pages.test.ts and kept-searches.test.ts); nor is its X-Request-Id echoed (row 6).
  for (const path of ["/about", "/"]) {
    const claimed = (await request.get(path, { headers: { "x-forwarded-proto": "https", "x-request-id": "forged-by-a-client" } })).headers();
    expect(claimed["strict-transport-security"], path).toBeUndefined();
    expect(claimed["content-security-policy"], path).not.toContain("upgrade-insecure-requests");
    expect(claimed["x-request-id"], path).toMatch(/^[0-9a-f-]{36}$/);
  }
});

test("the app runs under its CSP: feed, article, summary form, sign-in form and a mermaid diagram raise no violation", async ({ page }) => {
  const violations = await watchViolations(page);
  await page.goto("/");
  await expect(page.locator("article").first()).toBeVisible();
  await page.locator("article a[href^='/articles/']").first().click();
  await expect(page).toHaveURL(/\/articles\/\d+/);
  await page.goto("/smart-summary");
  await expect(page.getByRole("heading", { name: "智能总结", level: 1 })).toBeVisible();
  await page.goto("/login/password");
  await page.getByRole("button", { name: "登录", exact: true }).click(); // the form's own validation runs (zod in the browser)

  await mockChat(page, () => ({ body: sseBody([{ type: "content", content: "```mermaid\nflowchart LR\n  A[提问] --> B[回答]\n```" }]) }));
  await page.goto(`/?q=${encodeURIComponent("量子纠缠烤红薯")}`);
  await expect(page.getByTestId("mermaid-diagram").locator("svg")).toBeVisible({ timeout: 20_000 });
  expect(violations).toEqual([]);
});
