import { NextResponse, type NextRequest } from "next/server";
import { TOKEN_COOKIE } from "@/lib/auth/constants";
import { guard, looksSignedIn } from "@/lib/auth/guards";

// Guards: login-required pages without a session go to code login with the full target; a signed-in
// visitor on /login* or /register goes home. An expired or malformed cookie is cleared on the way.
export function proxy(req: NextRequest) {
  const token = req.cookies.get(TOKEN_COOKIE)?.value;
  const decision = guard(req.nextUrl.pathname, req.nextUrl.search, token);
  const res = decision ? NextResponse.redirect(new URL(decision.redirect, req.url)) : NextResponse.next();
  if (token && !looksSignedIn(token)) res.cookies.delete(TOKEN_COOKIE);
  return res;
}

export const config = {
  matcher: ["/profile/:path*", "/likes/:path*", "/favorites/:path*", "/history/:path*", "/summary-history/:path*", "/login/:path*", "/login", "/register"],
};
