import { methodNotAllowed, ok, route } from "@/lib/api/route";
import { getDb } from "@/lib/db";
import { pushKindsBody } from "@/lib/push/schema";
import { pushState, setPushKinds } from "@/lib/push/subscriptions";

// GET /api/v1/users/me/push – { data: { available, public_key, subscriptions, replies, digest } }
export const GET = route({ auth: "required" }, async ({ user }) => ok(await pushState(await getDb(), user)));

// PUT /api/v1/users/me/push { replies?, digest? } – which notifications the reader's browsers get
export const PUT = route({ auth: "required", body: pushKindsBody, bodyLimit: 1024 }, async ({ user, body }) => ok(await setPushKinds(await getDb(), user, body)));

export const { POST, PATCH, DELETE, OPTIONS } = methodNotAllowed({ GET, PUT });
