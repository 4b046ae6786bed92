import { NextResponse } from "next/server";
import { methodNotAllowed } from "@/lib/api/route";

export const dynamic = "force-dynamic";

// GET /api/health – the process is up (does not touch the database)
export function GET() {
  return NextResponse.json({ status: "ok", uptime_s: Math.round(process.uptime()) });
}

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed({ GET });
