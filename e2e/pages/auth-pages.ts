import { readFileSync } from "node:fs";
import { expect, type Locator, type Page } from "@playwright/test";
import { currentServer } from "../support/fixtures";

export const uniquePhone = () => `139${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;
export const uniqueName = (prefix: string) => `${prefix}_${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** The latest code the console SMS provider printed for `phone` in the server's output. */
export async function codeFromServerLog(phone: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(() => {
      const lines = readFileSync(currentServer().log, "utf8").split("\n").filter((l) => l.includes("验证码") && l.includes(phone));
      code = /验证码 (\d{6})/.exec(lines.at(-1) ?? "")?.[1];
      return code;
    })
    .toBeTruthy();
  return code!;
}

/** The 用户协议与隐私政策 box of registration and code sign-in. */
export const consentBox = (page: Page) => page.getByRole("checkbox", { name: "我已阅读并同意《用户协议》和《隐私政策》" });

export class SmsLoginPage {
  readonly phone: Locator;
  readonly code: Locator;
  readonly sendCode: Locator;
  readonly agree: Locator;
  readonly submit: Locator;
  constructor(readonly page: Page) {
    this.phone = page.getByLabel("手机号");
    this.code = page.getByLabel("验证码");
    this.sendCode = sendCodeButton(page);
    this.agree = consentBox(page);
    this.submit = page.getByRole("button", { name: "登录", exact: true });
  }
  async goto(query = "") {
    await this.page.goto(`/login/sms${query}`);
  }
}

export class PasswordLoginPage {
  readonly username: Locator;
  readonly password: Locator;
  readonly submit: Locator;
  constructor(readonly page: Page) {
    this.username = page.getByLabel("账户名");
    this.password = page.getByLabel("密码");
    this.submit = page.getByRole("button", { name: "登录", exact: true });
  }
}

/** The send-code button of any screen that asks for a code (it doubles as the countdown label). */
export const sendCodeButton = (scope: Page | Locator) => scope.getByRole("button", { name: /获取验证码|秒后可重新发送/ });

export class RegisterPage {
  readonly agree: Locator;
  constructor(readonly page: Page) {
    this.agree = consentBox(page);
  }
  async goto() {
    await this.page.goto("/register");
  }
  /**
   * With a phone, `code` fills the code field that appears for it (left empty when not given). The agreement box
   * is ticked unless `agree: false`.
   */
  async register(user: { account: string; password: string; email?: string; phone?: string; code?: string; name?: string; agree?: boolean }) {
    const p = this.page;
    await p.getByLabel("用户名").fill(user.account);
    if (user.email) await p.getByLabel("邮箱（选填）").fill(user.email);
    if (user.phone) await p.getByLabel("手机号（选填）").fill(user.phone);
    if (user.code) await p.getByLabel("手机验证码").fill(user.code);
    await p.getByLabel("密码", { exact: true }).fill(user.password);
    if (user.name) await p.getByLabel("昵称（选填）").fill(user.name);
    await this.agree.setChecked(user.agree ?? true);
    await p.getByRole("button", { name: "注册", exact: true }).click();
  }
}

export class Header {
  readonly menuButton: Locator;
  readonly loginLink: Locator;
  constructor(readonly page: Page) {
    this.menuButton = page.getByRole("button", { name: /的账户菜单$/ });
    this.loginLink = page.getByRole("banner").getByRole("link", { name: "登录" });
  }
  async openMenu() {
    await this.menuButton.click();
    await expect(this.page.getByRole("menu")).toBeVisible();
  }
  /** Signs out and waits until it is done (the server is told first, then the session is forgotten). */
  async logout() {
    await this.openMenu();
    await this.page.getByRole("menuitem", { name: "退出登录" }).click();
    await expect(this.loginLink).toBeVisible();
  }
}

export const toast = (page: Page, text: string | RegExp) => page.locator("[data-sonner-toast]").filter({ hasText: text });
