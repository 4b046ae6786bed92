// Messages the spec names (SPEC sections 4, 5, 6 and 8), shared by the server, the screens and the tests.

export const MSG = {
  // Infrastructure
  databaseUnavailable: "数据库暂时无法连接，请稍后重试",
  restarting: "服务正在重启，请稍后重试",
  // Session and auth screens
  loginFailed: "登录失败，请重试",
  registerFailed: "注册失败，请重试",
  sendCodeFailed: "验证码发送失败，请重试",
  loginFormatError: "登录响应格式错误",
  registerFormatError: "注册响应格式错误",
  invalidPhone: "请输入正确的手机号",
  invalidCode: "请输入6位验证码",
  codeSentTo: (phone: string) => `验证码已发送至 ${phone}`,
  resendIn: (seconds: number) => `${seconds} 秒后可重新发送`,
  accountRequired: "请输入账户名和密码",
  registerRequired: "请输入用户名和密码",
  // Server answers
  badCredentials: "账户名或密码错误",
  tokenInvalid: "登录已失效，请重新登录",
  loginRequired: "请先登录",
  duplicateAccount: "该账户名已被注册",
  duplicatePhone: "该手机号已被注册",
  duplicateEmail: "该邮箱已被注册",
  codeExpired: "验证码已过期或不存在，请重新获取",
  codeWrong: "验证码错误",
  codeTooManyTries: "验证码错误次数过多，请重新获取",
  smsUnavailable: "短信服务暂未开通，请使用账户名和密码登录",
  // Permissions (SPEC section 6)
  moreNeedsLogin: "登录后可查看更多内容",
  moreSearchNeedsLogin: "登录后可查看更多搜索结果",
  moreNeedsLoginConfirm: "需要登录才能查看更多内容，是否前往登录？",
  interactNeedsLogin: "登录后才能互动，是否前往登录？",
  // Likes, favourites, reading history (SPEC section 8)
  articleNotFound: "文章不存在",
  recordNotFound: "阅读记录不存在",
  unlikeFailed: "取消点赞失败，请重试",
  unfavoriteFailed: "取消收藏失败，请重试",
  favoriteToggleFailed: "操作失败，请重试",
  removeHistoryFailed: "删除失败，请重试",
  clearHistoryFailed: "清空失败，请重试",
  clearHistoryConfirm: "确定要清空全部浏览历史吗？此操作不可撤销。",
  removeHistoryConfirm: "确定要将这篇文章从浏览历史中移除吗？",
  linkCopied: "链接已复制到剪贴板",
  shareFailed: "分享失败，请手动复制链接",
  noSummary: "暂无摘要",
  loadFailed: "加载失败，请稍后重试",
  // Chat (SPEC section 8)
  chatErrorPrefix: "抱歉，发生了错误：",
  chatFailed: "抱歉，出了点问题，请稍后再试",
  chatRateLimited: "提问太频繁了，请稍后再试",
  // Profile
  saveFailed: "保存失败，请重试",
  avatarInDevelopment: "头像上传功能开发中",
  passwordNotSet: "未设置，当前使用验证码登录",
  phoneUnbound: "未绑定",
  unknown: "未知",
} as const;
