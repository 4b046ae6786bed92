import { json, methodNotAllowed, route } from "@/lib/api/route";
import { personalizationBody } from "@/lib/recommendations/schema";
import { clearInterests, getInterests, updatePersonalization } from "@/lib/recommendations/service";

// GET /api/v1/users/me/interests – { personalized, items: [{ label, weight }] }, strongest first
export const GET = route({ auth: "required" }, async ({ user }) => json(await getInterests(user.id)));

// PUT /api/v1/users/me/interests – { personalized: boolean }: personalised recommendations on or off
export const PUT = route({ auth: "required", body: personalizationBody, bodyLimit: 1024 }, async ({ user, body }) =>
  json(await updatePersonalization(user.id, body.personalized)),
);

// DELETE /api/v1/users/me/interests – forget every interest label
export const DELETE = route({ auth: "required" }, async ({ user }) => json(await clearInterests(user.id)));

export const { POST, PATCH, OPTIONS } = methodNotAllowed({ GET, PUT, DELETE });
