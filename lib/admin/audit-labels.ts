// How the console names what the audit log records: Chinese names of the actions and object types, the console
// page of an object, and a record's change as "key: old → new" lines. Shared by server pages and client leaves
// (not server-only); an action or type without a name here is shown as recorded.
import { consoleSecond } from "./console-time";

export const AUDIT_ACTION_LABELS: Record<string, string> = {
  "user.grant_admin": "设为管理员",
  "user.revoke_admin": "撤销管理员",
  "user.disable": "停用账号",
  "user.enable": "启用账号",
  "task.retry": "重试总结任务",
  "task.cancel": "取消总结任务",
  "article.hide": "隐藏文章",
  "article.unhide": "取消隐藏文章",
  "article.pin": "置顶文章",
  "article.unpin": "取消置顶文章",
  "article.edit": "编辑文章",
  "article.delete": "删除文章",
  "article.approve": "审核通过文章",
  "article.reject": "审核拒绝文章",
  "source.add": "添加订阅源",
  "source.update": "修改订阅源",
  "source.pause": "暂停订阅源",
  "source.resume": "恢复订阅源",
  "source.remove": "删除订阅源",
  "source.poll": "立即抓取订阅源",
  "source.import": "导入 OPML",
  "comment.approve": "审核通过评论",
  "comment.remove": "删除评论",
  "comment_word.add": "添加敏感词",
  "comment_word.remove": "删除敏感词",
  "user.mute": "禁言",
  "user.unmute": "解除禁言",
};

export const AUDIT_OBJECT_LABELS: Record<string, string> = {
  user: "用户",
  task: "总结任务",
  article: "文章",
  source: "订阅源",
  comment: "评论",
  comment_word: "敏感词",
};

export function auditActionLabel(action: string): string {
  return AUDIT_ACTION_LABELS[action] ?? action;
}

export function auditObjectLabel(objectType: string): string {
  return AUDIT_OBJECT_LABELS[objectType] ?? objectType;
}

/** The console page that shows an object, or null (an OPML import has no page of its own). */
export function auditObjectHref(objectType: string, objectId: string): string | null {
  if (!/^\d{1,9}$/.test(objectId)) return null;
  switch (objectType) {
    case "user":
      return `/admin/users?id=${objectId}`;
    case "task":
      return `/admin/tasks?status=all&id=${objectId}`;
    case "article":
      // A number in the article search is the article's id.
      return `/admin/articles?q=${objectId}`;
    case "source":
      return `/admin/sources#source-${objectId}`;
    default:
      return null;
  }
}

export type AuditChange = { key: string; from: string; to: string };

const MAX_VALUE_CHARS = 80;

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

function show(value: unknown): string {
  if (value === undefined || value === null || value === "") return "—";
  if (typeof value === "string" && ISO_INSTANT.test(value)) return consoleSecond(value) ?? value;
  const text = typeof value === "string" ? value : JSON.stringify(value);
  return text.length > MAX_VALUE_CHARS ? `${text.slice(0, MAX_VALUE_CHARS - 1)}…` : text;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * A record's before and after as one line per key that differs ({ status: "failed" } → { status: "pending" }
 * gives "status: failed → pending"); values that are not objects compare as a whole under the key "值".
 */
export function auditChanges(before: unknown, after: unknown): AuditChange[] {
  if (!isRecord(before) && !isRecord(after)) {
    if (before == null && after == null) return [];
    return JSON.stringify(before) === JSON.stringify(after) ? [] : [{ key: "值", from: show(before), to: show(after) }];
  }
  const b = isRecord(before) ? before : {};
  const a = isRecord(after) ? after : {};
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  return keys.filter((k) => JSON.stringify(b[k]) !== JSON.stringify(a[k])).map((k) => ({ key: k, from: show(b[k]), to: show(a[k]) }));
}
