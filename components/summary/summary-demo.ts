// The simulated run shown when a task cannot be created (SPEC section 4): fetch 2 s, transcribe 4 s,
// summarize 3 s, progress 40, 70, 100, ending with a sample result.
import type { SummaryMethod, SummaryTaskStatus } from "@/lib/client/summary-api";

/** When each phase starts, in milliseconds after the demo began (phase 0 starts at once). */
export const DEMO_PHASE_AT = [0, 2000, 6000, 9000] as const;

const SAMPLE = `> 当前为演示效果，并非真实总结结果。

## 核心观点

- 优质内容值得被更多人看到，拾阅帮你把长文、视频和播客读成要点。
- 四种总结方式：快速总结、详细总结、知识点与分镜脚本，按需选择。

## 使用建议

1. 登录后粘贴链接，选择总结方式即可开始。
2. 完成的总结可以加入文章列表，也可以导出为 Markdown。`;

export function demoStatus(phase: number, url: string, method: SummaryMethod, startedAt: string, endedAt: string | null): SummaryTaskStatus {
  const step = (at: number) =>
    phase > at ? { status: "completed" as const, message: "已完成" } : phase === at ? { status: "active" as const, message: "处理中…" } : { status: "pending" as const };
  const done = phase >= 3;
  return {
    task_id: "demo",
    status: done ? "completed" : "processing",
    progress: [10, 40, 70, 100][Math.min(phase, 3)],
    url,
    method,
    error: null,
    steps: { fetch: step(0), process: { status: "pending" }, transcribe: step(1), summarize: step(2) },
    result: done
      ? { title: "演示总结：拾阅智能总结示例", content: SAMPLE, source_url: url, method, created_at: endedAt, reused: false, article_id: null }
      : null,
    created_at: startedAt,
    started_at: startedAt,
    completed_at: done ? endedAt : null,
  };
}
