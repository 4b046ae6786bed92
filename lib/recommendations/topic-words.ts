// Topic words jieba's dictionary does not tag as nouns. Its tags (ICTCLAS style) come from a corpus of the
// 1990s: pastimes and practices people name as a subject (睡眠, 健身, 理财, 通勤) are tagged as verbs, and
// newer words (小红书, 配速, 减脂, 全栈) are not in it at all — its HMM guesses them, tagged x, beside
// fragments it also guesses (能醒, 变懒, 补觉). A reader who likes three articles about sleep and running has
// an interest in 睡眠 and 跑步, not in 聊聊 or 轻松: these words become labels whatever their tag, and no other
// verb or guessed word does (terms.ts).
export const TOPIC_WORDS: ReadonlySet<string> = new Set(
  `睡眠 早起 熬夜 午睡 失眠 冥想 健身 跑步 骑行 徒步 游泳 瑜伽 露营 自驾 减肥 减脂 增肌 控糖 减糖 养生 护肤 护眼 体态 康复
  阅读 写作 摄影 扫街 追剧 观影 手账 收纳 极简 断舍离 烹饪 做饭 喝茶 咖啡 园艺 钓鱼 养猫 养狗 带娃 育儿 装修 搬家 租房 买房
  理财 记账 存钱 攒钱 投资 房贷 保险 养老 求职 面试 招聘 跳槽 加班 通勤 副业 创业 留学 考研 考公 高考 刷题 演讲 复盘 沟通
  编程 重构 部署 调试 运维 开源 前端 后端 全栈 端侧 推理 微调 剪辑 直播 配速 步频 心率
  微信 知乎 小红书 抖音 哔哩哔哩 公众号 掘金 豆瓣 微博`.split(/\s+/),
);

// Nouns that say what kind of text an article is, or how long something took, not what it is about (方法,
// 总结, 攻略, 分钟): never labels. On a large site they are also in too many titles (GENERIC_SHARE); a small one
// has no statistics to tell.
export const FORM_WORDS: ReadonlySet<string> = new Set(
  `方法 技巧 经验 指南 总结 体验 心得 问题 答案 故事 攻略 常识 说法 建议 清单 教程 入门 实录 合集 盘点 分享 笔记 干货 真相 秘密
  原因 方式 效果 作用 好处 区别 事情 东西 时候 时间 分钟 小时 文章 内容 版本 系列 第一 一次 一天 一年 两年 半年 几个 这件 那些`.split(/\s+/),
);
