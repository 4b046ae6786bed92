// Request shapes of the console's 用户 section, shared by the API handlers and the page.
import { z } from "@/lib/zod";
import { adminPageQuery, idParams, searchTerm } from "./schema";

export const ADMIN_ROLES = ["user", "admin"] as const;
const roleEnum = z.enum(ADMIN_ROLES, { message: "role 只能是 admin 或 user" });

export const userListQuery = adminPageQuery.extend({
  /** Account name, display name or e-mail containing it, or a phone number containing its digits (3 or more). */
  q: searchTerm,
  role: roleEnum.optional(),
  disabled: z
    .enum(["true", "false"], { message: "disabled 只能是 true 或 false" })
    .optional()
    .transform((v) => (v === undefined ? undefined : v === "true")),
  /** One account by its number (the audit log links here). */
  id: idParams.shape.id.optional(),
});
export type UserListQuery = z.output<typeof userListQuery>;

export const roleBody = z.object({ role: roleEnum });
