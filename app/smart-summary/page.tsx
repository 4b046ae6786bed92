import type { Metadata } from "next";
import { SmartSummaryForm } from "@/components/summary/smart-summary-form";

export const metadata: Metadata = {
  title: "智能总结",
  description: "粘贴文章、视频或播客链接，选择快速总结、详细总结、知识点或分镜脚本，AI 帮你读懂要点。",
  alternates: { canonical: "/smart-summary" },
};

export default function SmartSummaryPage() {
  return <SmartSummaryForm />;
}
