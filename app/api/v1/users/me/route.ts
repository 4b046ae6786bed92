import { json, methodNotAllowed, route } from "@/lib/api/route";
import { profileUpdateBody } from "@/lib/auth/schema";
import { toApiUser } from "@/lib/auth/serialize";
import { updateProfile } from "@/lib/auth/service";

// GET /api/v1/users/me – the caller's profile
export const GET = route({ auth: "required" }, ({ user }) => json(toApiUser(user)));

// PUT /api/v1/users/me – change display_name, email and bio (other fields are ignored)
export const PUT = route({ auth: "required", body: profileUpdateBody, bodyLimit: 8 * 1024 }, async ({ user, body }) =>
  json(await updateProfile(user, body)),
);

export const { POST, PATCH, DELETE, OPTIONS } = methodNotAllowed({ GET, PUT });
