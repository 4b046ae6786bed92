import { methodNotAllowed, ok, route } from "@/lib/api/route";
import { registerBody } from "@/lib/auth/schema";
import { register } from "@/lib/auth/service";

// POST /api/v1/auth/register – create an account: { data: { access_token, user } }
export const POST = route({ body: registerBody, bodyLimit: 8 * 1024 }, async ({ body }) => ok(await register(body)));

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed({ POST });
