// Near forms a reader and a writer use for one thing: the spoken word and the written one (睡不着 / 失眠), the
// northern and southern name (西红柿 / 番茄), the English abbreviation and the Chinese term (k8s /
// kubernetes), a transliteration and its variant (韦伯 / 韦布). jieba's dictionary has no synonyms, so the
// groups are ours: words of everyday life, health, money, work and software that readers of a Chinese
// content site ask about. A group is a set: every word in it brings the others. Only questions use them
// (the chat's retrieval, lib/search/questions.ts); the search box matches what was typed.
const GROUPS = `
番茄 西红柿 | 土豆 马铃薯 | 玉米 苞米 | 花生 落花生 | 香菜 芫荽 | 红薯 地瓜 番薯 | 茄子 落苏 | 牛肉 牛腩
失眠 睡不着 入睡困难 | 睡觉 睡眠 入睡 | 熬夜 晚睡 | 午睡 午觉 | 做梦 多梦 | 打呼噜 打鼾 | 犯困 嗜睡
腹泻 拉肚子 拉稀 软便 | 便秘 排便困难 | 感冒 着凉 | 发烧 发热 高烧 | | 头疼 头痛 | 胃疼 胃痛 | 牙疼 牙痛 | 过敏 敏感
近视 视力下降 | 眼睛 眼部 双眼 | 视疲劳 眼疲劳 眼睛累 | 颈椎 脖子 | 腰疼 腰痛 腰椎 | 膝盖 膝关节 | 减肥 减重 瘦身 | 胖 超重 肥胖
孩子 小孩 儿童 宝宝 娃 | 老人 老年人 长辈 | 父母 爸妈 家长 | 老婆 妻子 | 老公 丈夫 | 猫 猫咪 主子 | 狗 狗狗 | 宠物 毛孩子
钱 费用 花费 开销 | 存钱 攒钱 储蓄 | 工资 薪水 薪资 收入 | 便宜 实惠 划算 | 贵 昂贵 | 房租 租金 | 租房 租房子 | 买房 购房 | 房贷 按揭
辞职 离职 裸辞 | 找工作 求职 | 面试 面谈 | 简历 履历 | | 老板 领导 上司 | 同事 同僚 | 个税 个人所得税 | 社保 社会保险 | 公积金 住房公积金
手机 电话 | 电脑 计算机 笔记本 | 充电 充电器 | 电池 电量 续航 | 网速 网络 | 快递 物流 | 高铁 动车 | 飞机 航班 | 护照 出入境 | 签证 出签
ai 人工智能 | 大模型 语言模型 llm | 幻觉 胡说八道 编造 瞎编 | 提示词 prompt | k8s kubernetes | js javascript | ts typescript | py python
数据库 db | 慢查询 查询慢 | 缓存 cache | 容器 docker | 镜像 image | 报错 错误 异常 | | bug 缺陷 | 上线 发布 部署
日活 dau | 月活 mau | 留存 留存率 | 转化 转化率 | 用户调研 用户访谈 | 需求 诉求 | 产品经理 pm
望远镜 天文台 | 韦布 韦伯 | 宇航员 航天员 | 探测器 飞船 | 太空 宇宙 外太空
做饭 下厨 烹饪 | 好吃 美味 | | 空气炸锅 炸锅 | 咖啡 咖啡因 | 奶茶 饮料 | 糖 含糖 糖分 | 茶 喝茶 茶叶
旅游 旅行 出游 | 自驾 开车 | 攻略 指南 | 酒店 住宿 民宿 | 门票 票价
`;

const groups = GROUPS.split(/[|\n]/)
  .map((g) => g.trim().split(/\s+/).filter(Boolean))
  .filter((g) => g.length > 1);

const byWord = new Map<string, string[]>();
for (const group of groups) for (const word of group) byWord.set(word, [...new Set([...(byWord.get(word) ?? []), ...group.filter((w) => w !== word)])]);

/** The near forms of `word` (lower-case, as the index holds it), without the word itself. */
export function synonymsOf(word: string): string[] {
  return byWord.get(word) ?? [];
}
