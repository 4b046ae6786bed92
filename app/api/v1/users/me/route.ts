import { clientIp } from "@/lib/api/client-ip";
import { json, methodNotAllowed, route } from "@/lib/api/route";
import { accountDeletionBody, profileUpdateBody } from "@/lib/auth/schema";
import { toApiUser } from "@/lib/auth/serialize";
import { updateProfile } from "@/lib/auth/service";
import { deleteAccount } from "@/lib/privacy/deletion";

// GET /api/v1/users/me – the caller's profile
export const GET = route({ auth: "required" }, ({ user }) => json(toApiUser(user)));

// PUT /api/v1/users/me – change display_name, email and bio (other fields are ignored)
export const PUT = route({ auth: "required", body: profileUpdateBody, bodyLimit: 8 * 1024 }, async ({ user, body }) =>
  json(await updateProfile(user, body)),
);

// DELETE /api/v1/users/me { password } or { code } – 注销账号: the account and every row of theirs (docs/privacy.md)
export const DELETE = route({ auth: "required", body: accountDeletionBody, bodyLimit: 4 * 1024 }, async ({ req, user, body }) => {
  await deleteAccount(user, body, clientIp(req));
  return json({ deleted: true });
});

export const { POST, PATCH, OPTIONS } = methodNotAllowed({ GET, PUT, DELETE });
