// The feed's sign-in prompts (SPEC section 6), part of MSG (lib/messages.ts). A module of their own so the home
// page's client code (cards, pager) ships these lines, not every message of the site (about 1 kB gzip).
export const FEED_MSG = {
  moreNeedsLogin: "登录后可查看更多内容",
  moreSearchNeedsLogin: "登录后可查看更多搜索结果",
  moreNeedsLoginConfirm: "需要登录才能查看更多内容，是否前往登录？",
  interactNeedsLogin: "登录后才能互动，是否前往登录？",
} as const;
