import { NextResponse } from "next/server";
import { ensureReady } from "@/lib/db/bootstrap";
import { migrationStatus } from "@/lib/db/status";
import { log, errorMessage } from "@/lib/log";
import { isStopping } from "@/lib/server/lifecycle";
import { isWarm } from "@/lib/server/warm-up";
import { methodNotAllowed } from "@/lib/api/route";

export const dynamic = "force-dynamic";

// GET /api/ready – the database answers, every committed migration is applied and the process is warm
// (lib/server/warm-up.ts: a load balancer sends no reader to a cold process)
export async function GET() {
  if (isStopping()) return NextResponse.json({ detail: "服务正在重启" }, { status: 503 });
  if (!isWarm()) return NextResponse.json({ detail: "服务正在预热" }, { status: 503, headers: { "Retry-After": "1" } });
  try {
    const info = await ensureReady();
    const status = await migrationStatus();
    if (status.pending > 0) {
      return NextResponse.json({ detail: `数据库还有 ${status.pending} 个迁移未执行` }, { status: 503 });
    }
    return NextResponse.json({ status: "ready", database: info.driver, migrations: status.applied });
  } catch (err) {
    log.error("not ready", { error: errorMessage(err) });
    return NextResponse.json({ detail: "数据库尚未就绪" }, { status: 503 });
  }
}

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed({ GET });
