// Both databases: full-text and trigram matching of the engine's extensions.
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db";
import { articles } from "@/lib/db/schema";
import { seedDemoArticles } from "@/lib/db/seed/demo";
import { rankMatches } from "./rank";
import { searchFieldsFor, segmentWords } from "./text";
import { verbatimQuery } from "./verbatim";

// Articles whose text holds a keyword that jieba cuts differently inside their sentences than alone.
const ROWS = [
  { title: "吃什么补什么？老话的科学检验", content: "老一辈信奉的以形补形并没有科学依据，吃核桃补脑是典型的联想。", url: "https://example.com/v/1" },
  { title: "量子计算入门", content: "一个量子比特的叠加态是量子计算的基础，测量会让它坍缩。", url: "https://example.com/v/2" },
  // The characters 以、形、补 apart: not the keyword.
  { title: "写作小技巧", content: "以此为形，补上一句结尾，文章就完整了。", url: "https://example.com/v/3" },
];
const ids: Record<string, number> = {};

beforeAll(async () => {
  const db = await getDb();
  await seedDemoArticles(db);
  const inserted = await db
    .insert(articles)
    .values(ROWS.map((r) => ({ title: r.title, content: r.content, sourceUrl: r.url, ...searchFieldsFor({ title: r.title, content: r.content }) })))
    .returning({ id: articles.id, url: articles.sourceUrl });
  for (const row of inserted) ids[row.url] = row.id;
});

describe("keywords cut differently in running text", () => {
  it("are cut differently (why the words alone find nothing)", () => {
    expect(segmentWords("以形补形")).toEqual(["以形", "补形"]);
    expect(segmentWords(ROWS[0].content)).not.toContain("以形");
    expect(segmentWords(ROWS[1].content)).not.toContain("态");
  });

  it.each([
    ["以形补形", "https://example.com/v/1"],
    ["“以形补形”？", "https://example.com/v/1"],
    ["量子比特！！叠加态？？", "https://example.com/v/2"],
    ["叠加态", "https://example.com/v/2"],
  ])("%s finds the article that holds it", async (keyword, url) => {
    const db = await getDb();
    const ranked = await rankMatches({ db, keyword, offset: 0, limit: 10 });
    expect(ranked.ids).toEqual([ids[url]]);
    expect(ranked).toMatchObject({ total: 1, totalIsEstimate: false, plan: "verbatim" });
  });

  it("finds nothing for text no article holds, even when its characters are there apart", async () => {
    const db = await getDb();
    for (const keyword of ["以形补心", "形补以", "量子纠缠态"]) {
      expect((await rankMatches({ db, keyword, offset: 0, limit: 10 })).total, keyword).toBe(0);
    }
  });

  it("leaves out articles the reader has read and pages past the matches", async () => {
    const db = await getDb();
    expect((await rankMatches({ db, keyword: "以形补形", offset: 0, limit: 10, exceptIds: [ids["https://example.com/v/1"]] })).total).toBe(0);
    const page2 = await rankMatches({ db, keyword: "以形补形", offset: 10, limit: 10 });
    expect(page2).toMatchObject({ ids: [], total: 1 });
  });

  it("asks for a piece of each run and keeps Latin words as words", () => {
    expect(verbatimQuery("Rust 叠加态")).toEqual({ runs: ["叠加态"], pieces: [["叠加", "叠加态", "加态"]], latin: ["rust"] });
    expect(verbatimQuery("JSON")).toBeNull();
  });
});
