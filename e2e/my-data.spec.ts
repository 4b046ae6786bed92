import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { RecordsApi, signUp } from "./pages/records-pages";

// 下载我的数据 on /profile (issue 33): one JSON file with the reader's own rows, saved by the browser.
test("a reader downloads their data from /profile as one JSON file", async ({ page }) => {
  const api = new RecordsApi(page, await signUp(page, "exporter"));
  const [liked] = await api.articles(1);
  await api.like([liked]);

  await page.goto("/profile");
  const card = page.getByRole("region", { name: "我的数据" });
  const saved = page.waitForEvent("download");
  await card.getByRole("button", { name: "下载我的数据" }).click();
  const file = await saved;
  expect(file.suggestedFilename()).toMatch(/^shiyue-export-\d+-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(readFileSync((await file.path())!, "utf8")) as { format: string; profile: { account_name: string }; likes: { article_id: number }[] };
  expect(data.format).toBe("shiyue-export/1");
  expect(data.profile.account_name).toMatch(/^exporter/);
  expect(data.likes.map((l) => l.article_id)).toEqual([liked.id]);
  await expect(page.getByText("已开始下载你的数据")).toBeVisible();
});
