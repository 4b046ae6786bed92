// The client's address for per-IP limits: the first X-Forwarded-For hop (set by the reverse proxy in
// front of the app; see docs/deploy.md), else X-Real-IP, else "unknown".
export function clientIp(req: Request): string {
  const forwarded = req.headers.get("x-forwarded-for")?.split(",")[0]?.trim();
  const ip = forwarded || req.headers.get("x-real-ip")?.trim() || "unknown";
  return ip.slice(0, 64);
}
