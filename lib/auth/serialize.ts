// The user object of the API: never the password hash — only whether a password is set.
import type { User, UserRole } from "@/lib/db/schema";

export type ApiUser = {
  id: number;
  account_name: string;
  phone_number: string | null;
  /** Whether a code sent to phone_number proved it (false: a number kept from before proofs, shown 未验证). */
  phone_verified: boolean;
  display_name: string | null;
  email: string | null;
  bio: string | null;
  avatar_url: string | null;
  created_at: string;
  has_password: boolean;
  /** `admin` for the site's operators (the menu then links to /admin). */
  role: UserRole;
};

export function toApiUser(u: User): ApiUser {
  return {
    id: u.id,
    account_name: u.accountName,
    phone_number: u.phoneNumber,
    phone_verified: Boolean(u.phoneNumber && u.phoneVerifiedAt),
    display_name: u.displayName,
    email: u.email,
    bio: u.bio,
    avatar_url: u.avatarUrl,
    created_at: u.createdAt.toISOString(),
    has_password: Boolean(u.hashedPassword),
    role: u.role,
  };
}
