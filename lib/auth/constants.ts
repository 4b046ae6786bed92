// Session storage names (SPEC section 3: product prefix + token / user) and auth limits.

export const TOKEN_COOKIE = "shiyue_token";
export const USER_STORAGE_KEY = "shiyue_user";

export const SMS_CODE_LENGTH = 6;
export const SMS_CODE_TTL_MS = 5 * 60_000;
export const SMS_MAX_WRONG_TRIES = 5;
export const SMS_RESEND_SECONDS = 60;
export const SMS_PER_PHONE_PER_DAY = 10;

// Password-login lock-out (lib/auth/lockout.ts): failures of one account from one client address, of one
// account from every address (then only code login opens it), and of one address across accounts (wide
// enough for a carrier-grade NAT).
export const LOGIN_FAILURE_LIMIT = 10;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60_000;
export const LOGIN_BLOCK_MS = 15 * 60_000;
export const LOGIN_ACCOUNT_FAILURE_LIMIT = 50;
export const LOGIN_ACCOUNT_WINDOW_MS = 60 * 60_000;
export const LOGIN_ADDRESS_FAILURE_LIMIT = 30;

/** Mainland mobile numbers: 11 digits, 1 then 3–9 (SPEC section 5). */
export const PHONE_PATTERN = /^1[3-9]\d{9}$/;
