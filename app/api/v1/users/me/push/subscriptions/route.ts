import { methodNotAllowed, ok, route } from "@/lib/api/route";
import { getDb } from "@/lib/db";
import { subscriptionBody, unsubscribeBody } from "@/lib/push/schema";
import { subscribe, unsubscribe } from "@/lib/push/subscriptions";

// POST /api/v1/users/me/push/subscriptions { endpoint, keys: { p256dh, auth } } – this browser gets notifications
// (a browser's own push service only: 400 otherwise; 409 when the site has no VAPID keys; at most 10 browsers)
export const POST = route({ auth: "required", body: subscriptionBody, bodyLimit: 4096 }, async ({ user, body }) =>
  ok(await subscribe(await getDb(), user, body), { status: 201 }),
);

// DELETE /api/v1/users/me/push/subscriptions { endpoint } – this browser no longer (idempotent)
export const DELETE = route({ auth: "required", body: unsubscribeBody, bodyLimit: 4096 }, async ({ user, body }) => ok(await unsubscribe(await getDb(), user, body.endpoint)));

export const { GET, PUT, PATCH, OPTIONS } = methodNotAllowed({ POST, DELETE });
