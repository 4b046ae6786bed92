import { expect, test } from "./support/fixtures";
import { SmsLoginPage } from "./pages/auth-pages";

// Runs against the second server (the "provider" project), which keeps the default abuse budget; the main
// e2e server raises it (ABUSE_LIMIT_SCALE), since every journey comes from 127.0.0.1.
test("past an address's threshold, sending a code passes a human check in the browser first", async ({ page }) => {
  // Three codes from this address in the hour are the threshold (lib/abuse/budgets.ts).
  for (let i = 0; i < 3; i++) {
    const res = await page.request.post("/api/v1/sms/send", { data: { phone: `1770000${String(i).padStart(4, "0")}` } });
    expect(res.status()).toBe(200);
  }
  const login = new SmsLoginPage(page);
  await login.goto();
  await login.phone.fill("17700009999");
  await login.agree.check();
  const answers: number[] = [];
  page.on("response", (r) => r.url().endsWith("/api/v1/sms/send") && answers.push(r.status()));
  await login.sendCode.click();
  await expect(page.getByRole("status").filter({ hasText: "正在进行人机验证…" })).toBeVisible();
  await expect(page.getByText("验证码已发送至 17700009999")).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "正在进行人机验证…" })).toBeHidden();
  expect(answers).toEqual([428, 200]);
});
