import { readFileSync } from "node:fs";
import { expect, test } from "./support/fixtures";
import { MSG } from "../lib/messages";
import { RegisterPage, toast, uniqueName } from "./pages/auth-pages";
import { picture } from "./support/pictures";
import { hydrated } from "./support/settle";

// Issue 33: the 隐私政策 is one click from every page (the footer) and from the sign-in screens; registration is
// refused until the 用户协议与隐私政策 box is ticked, and what was agreed travels with the account's export.
test("a visitor reads the privacy policy from the footer, with the operator and providers this server names", async ({ page }, testInfo) => {
  await page.goto("/");
  await hydrated(page);
  await page.getByRole("contentinfo").getByRole("link", { name: "隐私政策" }).click();
  await expect(page).toHaveURL(/\/privacy$/);
  await expect(page.getByRole("heading", { name: "拾阅隐私政策", level: 1 })).toBeVisible();
  // The e2e server's configuration (e2e/support/app-server.ts): an operator and contact, no AI key, console SMS.
  const policy = page.getByRole("article");
  await expect(policy).toContainText("由拾阅测试运营有限公司运营");
  await expect(policy).toContainText("privacy@shiyue.test");
  await expect(policy).toContainText("本站目前没有接入第三方 AI 服务");
  await expect(policy).toContainText("本站目前没有接入短信服务商");
  await expect(policy.getByRole("heading", { name: "五、你的权利" })).toBeVisible();
  await policy.getByRole("link", { name: "用户协议" }).first().click();
  await expect(page).toHaveURL(/\/terms$/);
  await expect(page.getByRole("heading", { name: "拾阅用户协议", level: 1 })).toBeVisible();
  await page.goto("/privacy");
  await picture(page, `test-results/privacy-shots/privacy-${testInfo.project.name}.png`, { fullPage: true });
});

test("the sign-in screens link both documents, and registration needs the box ticked", async ({ page, context }, testInfo) => {
  for (const path of ["/login/sms", "/login/password", "/register"]) {
    await page.goto(path);
    await expect(page.getByRole("main").getByRole("link", { name: "隐私政策" }).first()).toHaveAttribute("href", "/privacy");
  }

  const register = new RegisterPage(page);
  const account = uniqueName("agreer");
  await register.goto();
  // The documents open beside the form, so nothing typed is lost.
  const inForm = page.getByRole("main").getByRole("link", { name: "《隐私政策》" });
  await expect(inForm).toHaveAttribute("target", "_blank");
  const opened = context.waitForEvent("page");
  await inForm.click();
  const policyTab = await opened;
  await expect(policyTab.getByRole("heading", { name: "拾阅隐私政策" })).toBeVisible();
  await policyTab.close();

  await register.register({ account, password: "secret-pass-1", agree: false });
  await expect(toast(page, MSG.consentRequired)).toBeVisible();
  await expect(page).toHaveURL(/\/register$/);
  await expect(page.getByLabel("用户名")).toHaveValue(account);
  await picture(page, `test-results/privacy-shots/register-refused-${testInfo.project.name}.png`);

  await register.agree.check();
  await page.getByRole("button", { name: "注册", exact: true }).click();
  await expect(page).toHaveURL(/\/$/);

  // What was agreed is part of the reader's own data.
  await page.goto("/profile");
  const saved = page.waitForEvent("download");
  await page.getByRole("region", { name: "数据与账号" }).getByRole("button", { name: "下载我的数据" }).click();
  const data = JSON.parse(readFileSync((await (await saved).path())!, "utf8")) as { consent: { policy_version: string; agreed_at: string } };
  expect(data.consent.policy_version).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  expect(Date.parse(data.consent.agreed_at)).toBeGreaterThan(Date.now() - 10 * 60_000);
});
