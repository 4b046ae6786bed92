import { clientIp } from "@/lib/api/client-ip";
import { methodNotAllowed, ok, route } from "@/lib/api/route";
import { loginBody } from "@/lib/auth/schema";
import { loginWithPassword } from "@/lib/auth/service";

// POST /api/v1/auth/login – form-encoded username (account name, phone or e-mail) and password
export const POST = route({ body: loginBody, bodyLimit: 8 * 1024, form: true }, async ({ req, body }) =>
  ok(await loginWithPassword({ ...body, ip: clientIp(req) })),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed({ POST });
