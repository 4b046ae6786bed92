import { methodNotAllowed, ok, route } from "@/lib/api/route";
import { phoneBindBody } from "@/lib/auth/schema";
import { bindPhone } from "@/lib/auth/security";

// PUT /api/v1/users/me/phone – bind, change or prove the phone number with its code: { data: { access_token, user } }
export const PUT = route({ auth: "required", body: phoneBindBody, bodyLimit: 4 * 1024 }, async ({ user, body }) =>
  ok(await bindPhone(user, body)),
);

export const { GET, POST, PATCH, DELETE, OPTIONS } = methodNotAllowed({ PUT });
