import { readFileSync } from "node:fs";
import { expect, test } from "./support/fixtures";
import { PasswordLoginPage, RegisterPage, toast, uniqueName } from "./pages/auth-pages";
import { RecordsApi, signUp } from "./pages/records-pages";
import { picture } from "./support/pictures";

// 下载我的数据 on /profile (issue 33): one JSON file with the reader's own rows, saved by the browser.
test("a reader downloads their data from /profile as one JSON file", async ({ page }) => {
  const api = new RecordsApi(page, await signUp(page, "exporter"));
  const [liked] = await api.articles(1);
  await api.like([liked]);

  await page.goto("/profile");
  const card = page.getByRole("region", { name: "数据与账号" });
  const saved = page.waitForEvent("download");
  await card.getByRole("button", { name: "下载我的数据" }).click();
  const file = await saved;
  expect(file.suggestedFilename()).toMatch(/^shiyue-export-\d+-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(readFileSync((await file.path())!, "utf8")) as { format: string; profile: { account_name: string }; likes: { article_id: number }[] };
  expect(data.format).toBe("shiyue-export/4");
  expect(data.profile.account_name).toMatch(/^exporter/);
  expect(data.likes.map((l) => l.article_id)).toEqual([liked.id]);
  await expect(page.getByText("已开始下载你的数据")).toBeVisible();
});

// 注销账号 (issue 33): refused without the password, then with it the account goes — the session ends, signing
// in is refused, and the name can be registered again.
test("a reader deletes their account from /profile with their password; signing in is refused after", async ({ page }, testInfo) => {
  const account = uniqueName("leaver");
  const register = new RegisterPage(page);
  await register.goto();
  await register.register({ account, password: "secret-pass-1" });
  await expect(page).toHaveURL(/\/$/);

  await page.goto("/profile");
  await page.getByRole("button", { name: "注销账号" }).click();
  const dialog = page.getByRole("dialog", { name: "注销账号" });
  await expect(dialog).toContainText("永久删除");
  // A picture of the dialog for people to look at (test-results/my-data-shots/).
  await picture(page, `test-results/my-data-shots/delete-dialog-${testInfo.project.name}.png`);
  await dialog.getByRole("button", { name: "永久注销账号" }).click();
  await expect(toast(page, "请输入密码以确认注销账号")).toBeVisible();
  await dialog.getByLabel("输入密码以确认").fill("wrong-pass-9");
  await dialog.getByRole("button", { name: "永久注销账号" }).click();
  await expect(toast(page, "密码错误")).toBeVisible();
  await dialog.getByLabel("输入密码以确认").fill("secret-pass-1");
  await dialog.getByRole("button", { name: "永久注销账号" }).click();
  await expect(toast(page, "账号已注销")).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("link", { name: "登录" }).first()).toBeVisible();

  const login = new PasswordLoginPage(page);
  await page.goto("/login/password");
  await login.username.fill(account);
  await login.password.fill("secret-pass-1");
  await login.submit.click();
  await expect(page.locator("[data-sonner-toast]").first()).toBeVisible();
  await expect(page).toHaveURL(/\/login\/password/);

  await register.goto();
  await register.register({ account, password: "secret-pass-2" });
  await expect(page).toHaveURL(/\/$/);
});
