import { issueChallenge } from "@/lib/abuse/human-check";
import { methodNotAllowed, ok, route } from "@/lib/api/route";

export const dynamic = "force-dynamic";

// GET /api/v1/human-check – a signed proof-of-work challenge: { data: challenge } (solve it, then send it
// back with the solution in the X-Human-Check header of the request that answered 428)
export const GET = route({}, async () => ok(await issueChallenge(), { headers: { "cache-control": "no-store" } }));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed({ GET });
