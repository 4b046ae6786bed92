import { methodNotAllowed, ok, route } from "@/lib/api/route";
import { smsLoginBody } from "@/lib/auth/schema";
import { loginWithSms } from "@/lib/auth/sms-login";

// POST /api/v1/sms/login – sign in (or sign up) with a phone and its code: { data: { access_token, user } }
export const POST = route({ body: smsLoginBody, bodyLimit: 4 * 1024 }, async ({ body }) => ok(await loginWithSms(body)));

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed({ POST });
