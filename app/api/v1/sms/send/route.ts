import { HUMAN_CHECK_HEADER } from "@/lib/abuse/human-check";
import { clientIp } from "@/lib/api/client-ip";
import { methodNotAllowed, ok, route } from "@/lib/api/route";
import { SMS_CODE_TTL_MS, SMS_RESEND_SECONDS } from "@/lib/auth/constants";
import { smsSendBody } from "@/lib/auth/schema";
import { sendSmsCode } from "@/lib/auth/sms-send";

// POST /api/v1/sms/send – send a login code to a mainland mobile number (428 + human_check when one is due)
export const POST = route({ body: smsSendBody, bodyLimit: 4 * 1024 }, async ({ req, body }) => {
  await sendSmsCode({ phone: body.phone, ip: clientIp(req), proof: req.headers.get(HUMAN_CHECK_HEADER) });
  return ok({ success: true, expires_in: SMS_CODE_TTL_MS / 1000, resend_in: SMS_RESEND_SECONDS });
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed({ POST });
