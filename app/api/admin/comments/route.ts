import { listCommentQueue } from "@/lib/admin/comments";
import { commentQueueQuery } from "@/lib/admin/comments-schema";
import { json, methodNotAllowed, route } from "@/lib/api/route";
import { getDb } from "@/lib/db";

// GET /api/admin/comments?queue=pending|reported|removed&page&limit – the moderation queues: { items, total }
export const GET = route({ auth: "admin", query: commentQueueQuery }, async ({ query }) => json(await listCommentQueue({ db: await getDb(), query })));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed({ GET });
