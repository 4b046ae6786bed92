import { clientIp } from "@/lib/api/client-ip";
import { methodNotAllowed, ok, route } from "@/lib/api/route";
import { passwordChangeBody } from "@/lib/auth/schema";
import { changePassword } from "@/lib/auth/security";

// PUT /api/v1/users/me/password – set or change the password (current_password, or a code for an account
// without one): { data: { access_token, user } }
export const PUT = route({ auth: "required", body: passwordChangeBody, bodyLimit: 4 * 1024 }, async ({ req, user, body }) =>
  ok(await changePassword(user, body, clientIp(req))),
);

export const { GET, POST, PATCH, DELETE, OPTIONS } = methodNotAllowed({ PUT });
