import "server-only";
// Codes are stored as an HMAC of phone and code with the server secret; the code itself never is.
import { createHmac } from "node:crypto";
import { authSecret } from "./secret";

export async function codeHash(phone: string, code: string): Promise<string> {
  return createHmac("sha256", await authSecret()).update(`sms:${phone}:${code}`).digest("hex");
}
