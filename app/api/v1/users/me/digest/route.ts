import { json, methodNotAllowed, route } from "@/lib/api/route";
import { digestSettingsBody } from "@/lib/digest/schema";
import { getDigestSettings, updateDigestSettings } from "@/lib/digest/settings";

// GET /api/v1/users/me/digest – { enabled, time: "07:30", personalized, feed: { rss, atom, json } | null }
export const GET = route({ auth: "required" }, async ({ user }) => json(await getDigestSettings(user)));

// PUT /api/v1/users/me/digest – { enabled?, time? }: the switch and the time (China time) of the reader's digest
export const PUT = route({ auth: "required", body: digestSettingsBody, bodyLimit: 1024 }, async ({ user, body }) =>
  json(await updateDigestSettings(user, body)),
);

export const { POST, PATCH, DELETE, OPTIONS } = methodNotAllowed({ GET, PUT });
