import { noteChatQuestion } from "@/lib/admin/activity-log";
import { clientIp } from "@/lib/api/client-ip";
import { methodNotAllowed, route } from "@/lib/api/route";
import { CHAT_BODY_LIMIT, chatBody } from "@/lib/chat/schema";
import { chatEvents, checkChatLimit } from "@/lib/chat/service";
import { sseResponse } from "@/lib/chat/sse";
import { getDb, getReadDb } from "@/lib/db";

export const dynamic = "force-dynamic";

// POST /api/v1/chat { message, history } – text/event-stream of
// data: {"type":"reasoning"|"content"|"error","content":"…"} lines; visitors may chat (rate-limited). Its
// retrieval queries are cancelled when the client goes away.
export const POST = route({ auth: "optional", body: chatBody, bodyLimit: CHAT_BODY_LIMIT, cancelOnDisconnect: true }, async ({ req, user, body }) => {
  const db = await getDb();
  await checkChatLimit({ db, user, ip: clientIp(req) });
  noteChatQuestion(); // counted per day for the console's overview, in memory (no one's id)
  // Retrieval only reads what every visitor may see: a read replica when there is one.
  const readDb = await getReadDb(user && { userId: user.id });
  return sseResponse((signal) => chatEvents({ db: readDb, body, signal }), req.signal);
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed({ POST });
