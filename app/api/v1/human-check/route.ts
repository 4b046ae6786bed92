import { scaled } from "@/lib/abuse/budgets";
import { HUMAN_CHECK_ACTIONS, issueChallenge } from "@/lib/abuse/human-check";
import { refuse, spend } from "@/lib/abuse/spend";
import { clientIp } from "@/lib/api/client-ip";
import { methodNotAllowed, ok, route } from "@/lib/api/route";
import { getDb } from "@/lib/db";
import { z } from "@/lib/zod";

export const dynamic = "force-dynamic";

const query = z.object({
  for: z.enum(Object.keys(HUMAN_CHECK_ACTIONS) as [keyof typeof HUMAN_CHECK_ACTIONS], { error: "须为需要人机验证的接口（/sms/send、/auth/register 或 /comments）" }),
});

// GET /api/v1/human-check?for=/sms/send – a proof-of-work challenge signed for that request from this client's
// address: { data: challenge } (solve it, then send it back with the solution in the X-Human-Check header of the
// request that answered 428). Issuing is a budget per address.
export const GET = route({ query }, async ({ req, query }) => {
  const address = clientIp(req);
  await spend(await getDb(), [
    { key: `human-check:issue:${address}:hour`, limit: scaled("humanCheckIssuePerHour"), windowMs: 3_600_000, full: refuse("人机验证请求过于频繁，请稍后再试") },
  ]);
  return ok(await issueChallenge({ action: HUMAN_CHECK_ACTIONS[query.for], address }), { headers: { "cache-control": "no-store" } });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed({ GET });
