import { json, methodNotAllowed, route } from "@/lib/api/route";
import { changeFeed } from "@/lib/digest/settings";

// POST /api/v1/users/me/digest/feed – a new private feed URL (the old one stops working); answers the settings
export const POST = route({ auth: "required" }, async ({ user }) => json(await changeFeed(user, false)));

// DELETE /api/v1/users/me/digest/feed – no private feed any more
export const DELETE = route({ auth: "required" }, async ({ user }) => json(await changeFeed(user, true)));

export const { GET, PUT, PATCH, OPTIONS } = methodNotAllowed({ POST, DELETE });
