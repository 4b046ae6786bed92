// The four summary methods with the one-line description shown on the method cards.
import { METHOD_NAMES } from "@/lib/summary/constants";
import type { SummaryMethod } from "@/lib/client/summary-api";

export const METHOD_INFO: { id: SummaryMethod; name: string; description: string }[] = [
  { id: "quick", name: METHOD_NAMES.quick, description: "几句话抓住核心观点，适合快速了解" },
  { id: "detailed", name: METHOD_NAMES.detailed, description: "按原文结构改写，保留关键细节与论据" },
  { id: "knowledge", name: METHOD_NAMES.knowledge, description: "提炼知识点与关键词，便于学习复习" },
  { id: "storyboard", name: METHOD_NAMES.storyboard, description: "按场景与镜头拆解，适合视频内容" },
];

export function methodName(method: string | null | undefined): string {
  return (method && (METHOD_NAMES as Record<string, string>)[method]) || "总结";
}
