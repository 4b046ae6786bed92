import { spendRegistrationBudget } from "@/lib/abuse/registration";
import { HUMAN_CHECK_HEADER } from "@/lib/abuse/human-check";
import { clientIp } from "@/lib/api/client-ip";
import { methodNotAllowed, ok, route } from "@/lib/api/route";
import { registerBody } from "@/lib/auth/schema";
import { register } from "@/lib/auth/service";
import { getDb } from "@/lib/db";

// POST /api/v1/auth/register – create an account: { data: { access_token, user } } (within the address's
// budget; 428 + human_check when one is due)
export const POST = route({ body: registerBody, bodyLimit: 8 * 1024 }, async ({ req, body }) => {
  await spendRegistrationBudget({ db: await getDb(), ip: clientIp(req), proof: req.headers.get(HUMAN_CHECK_HEADER) });
  return ok(await register(body));
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed({ POST });
