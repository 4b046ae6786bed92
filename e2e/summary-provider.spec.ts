import { expect, test } from "./support/fixtures";
import { RegisterPage, uniqueName } from "./pages/auth-pages";
import { SmartSummaryPage, SummaryProgressPage } from "./pages/summary-pages";

// Against the server with a loopback provider and a loopback stand-in for Bilibili's API
// (e2e/support/with-provider.ts): a video without subtitles, so its 21-minute audio is cut into pieces and
// transcribed, and the model's knowledge points cite times.
const SHARE = "【【图解】二十分钟讲清数据库索引-哔哩哔哩】 https://www.bilibili.com/video/BV1xx411c7mD/?share_source=copy_web";
const VIDEO = "https://www.bilibili.com/video/BV1xx411c7mD/";
// The video has two parts; a link without ?p= is its first.
const TITLE = "【图解】二十分钟讲清数据库索引（P1 B+树是什么）";

test("a Bilibili share link becomes knowledge points whose times open the video there, with the transcript and its files", async ({ page }) => {
  test.setTimeout(120_000);
  await new RegisterPage(page).goto();
  await new RegisterPage(page).register({ account: uniqueName("bili"), password: "secret-pass-1" });
  await expect(page).toHaveURL(/\/$/);

  const form = new SmartSummaryPage(page);
  await form.goto();
  await form.input.fill(SHARE);
  await expect(form.foundLink).toHaveText(`${VIDEO}?share_source=copy_web`);
  await form.choose("知识点");
  await form.start.click();

  const progress = new SummaryProgressPage(page);
  await expect(progress.methodBadge).toHaveText("知识点");
  // The audio is transcribed piece by piece, and the step says which.
  await expect(progress.step("transcribe")).toContainText(/第 \d\/3 段/, { timeout: 60_000 });
  await progress.waitForResult(60_000);
  await expect(progress.step("fetch")).toContainText("获取媒体");
  await expect(progress.step("transcribe")).toContainText("语音转文字");
  await expect(progress.step("transcribe")).toContainText("共 3 段");
  await expect(progress.step("summarize")).toContainText("智能总结");
  await expect(progress.title).toHaveText(TITLE);

  // Cited times link to the video at that time.
  const at = progress.result.getByRole("link", { name: "12:05" });
  await expect(at).toHaveAttribute("href", `${VIDEO}?t=725`);
  await expect(progress.result.getByRole("link", { name: "00:30" })).toHaveAttribute("href", `${VIDEO}?t=30`);

  // The transcript is collapsed under the summary; each of its lines opens the video at its start.
  const transcript = progress.result.getByText(/完整转写稿（3 段）/);
  const lines = progress.result.getByRole("listitem").filter({ hasText: "联合索引要遵守最左前缀原则" });
  await expect(lines.first()).toBeHidden();
  await transcript.click();
  await expect(lines).toHaveCount(3);
  await expect(lines.first()).toBeVisible();
  await expect(lines.first().getByRole("link", { name: "00:00" })).toHaveAttribute("href", `${VIDEO}?t=0`);
  // The second piece starts in a pause before the ten-minute mark, and its line links there.
  const second = lines.nth(1).getByRole("link");
  const [mm, ss] = (await second.textContent())!.split(":").map(Number);
  expect(mm * 60 + ss).toBeGreaterThan(400);
  expect(mm * 60 + ss).toBeLessThanOrEqual(600);
  await expect(second).toHaveAttribute("href", `${VIDEO}?t=${mm * 60 + ss}`);

  for (const [button, ext, inside] of [
    ["导出字幕 SRT", ".srt", /^1\r?\n00:00:00,000 --> 00:\d\d:\d\d,\d{3}\r?\n联合索引要遵守最左前缀原则[\s\S]*\n3\r?\n/],
    ["导出 Markdown", ".md", /^# 【图解】二十分钟讲清数据库索引（P1 B\+树是什么）\n[\s\S]*## 知识点[\s\S]*## 完整转写稿\n\n- \[00:00\] 联合索引要遵守/],
  ] as const) {
    const [download] = await Promise.all([page.waitForEvent("download"), progress.result.getByRole("button", { name: button }).click()]);
    expect(download.suggestedFilename()).toBe(`${TITLE}${ext}`);
    const body = await (await download.createReadStream()).toArray();
    expect(Buffer.concat(body).toString("utf8")).toMatch(inside);
  }

  // The history shows the video's platform and length (part 1 runs 10:40).
  await page.goto("/summary-history");
  const item = page.getByTestId("summary-history-item").first();
  await expect(item.getByTestId("summary-history-title")).toHaveText(TITLE);
  await expect(item.getByTestId("summary-history-duration")).toHaveText("时长 10:40");
});
