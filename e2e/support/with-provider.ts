// Starts the app (npm start) wired to a loopback OpenAI-compatible provider that answers like DeepSeek's
// reasoner: reasoning first (delta.reasoning_content), then content citing the first article it was given
// and one it was not. Playwright's "provider" project runs its journeys against this server.
import { spawn } from "node:child_process";
import { startFakeOpenAI } from "../../test/openai-server";

const provider = await startFakeOpenAI();
provider.chat((body) => {
  const system = (body.messages as { role: string; content: string }[])[0]?.content ?? "";
  const cited = /地址：(\/articles\/\d+)/.exec(system)?.[1] ?? "/";
  return {
    delayMs: 120,
    chunks: [
      { reasoning: "先看看站内有哪些相关文章，" },
      { reasoning: "再把要点整理出来。" },
      { content: "根据站内文章，" },
      { content: `可以先读[这篇](${cited})，` },
      { content: "另外[这一篇](/articles/99999999)也提到过。" },
      { content: "\n\n总之：先想清楚再动手。" },
    ],
  };
});

const server = spawn("npm", ["start"], {
  stdio: "inherit",
  env: { ...process.env, OPENAI_BASE_URL: provider.url, OPENAI_API_KEY: "test-key", AI_CHAT_MODEL: "fake-deepseek-reasoner", AI_EMBEDDING_MODEL: "" },
});
const stop = () => server.kill("SIGTERM");
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
server.on("exit", async (code) => {
  await provider.close();
  process.exit(code ?? 0);
});
