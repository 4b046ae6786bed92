import { methodNotAllowed } from "@/lib/api/route";
import { indexNowKeyFile } from "@/lib/announce";

export const dynamic = "force-dynamic";

const TEXT = "text/plain; charset=utf-8";

// GET /{key}.txt (rewritten here by next.config.ts) – the IndexNow key file: the configured key as plain text,
// 404 for any other name or when INDEXNOW_KEY is unset
export async function GET(_req: Request, { params }: { params: Promise<{ key: string }> }) {
  const body = indexNowKeyFile((await params).key);
  // Like every API answer, a miss is { detail } in Chinese (the key file itself is plain text).
  if (body === null) return Response.json({ detail: "请求的内容不存在" }, { status: 404, headers: { "Cache-Control": "no-store" } });
  return new Response(body, { headers: { "Content-Type": TEXT, "Cache-Control": "public, max-age=3600" } });
}

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed({ GET });
