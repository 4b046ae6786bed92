import { clientIp } from "@/lib/api/client-ip";
import { route } from "@/lib/api/route";
import { chatBody } from "@/lib/chat/schema";
import { chatEvents, checkChatLimit } from "@/lib/chat/service";
import { sseResponse } from "@/lib/chat/sse";
import { getDb } from "@/lib/db";

export const dynamic = "force-dynamic";

// POST /api/v1/chat { message, history } – text/event-stream of
// data: {"type":"reasoning"|"content"|"error","content":"…"} lines; visitors may chat (rate-limited).
export const POST = route({ auth: "optional", body: chatBody, bodyLimit: 256 * 1024 }, async ({ req, user, body }) => {
  const db = await getDb();
  await checkChatLimit({ db, userId: user?.id ?? null, ip: clientIp(req) });
  return sseResponse((signal) => chatEvents({ db, body, signal }), req.signal);
});
