// Our own question set for the chat's retrieval (issue 29), written on 2026-11-27, before retrieval was
// tuned for questions, so that it measures honestly rather than confirming what the code already does.
//
// How it was built: 30 articles were written for the purpose (test/questions/articles/, the demo's
// front-matter format, loaded with loadDemoArticles({ dir })) on everyday and technical topics the demo
// articles do not cover; some sit next to each other or to a demo article on purpose (two on sleep beside the
// demo's 90-minute cycle and burnout pieces, a beef curry beside 番茄炖牛腩, child myopia beside eye strain,
// e-bike and phone batteries, 公积金 beside 个税 and the mortgage maths), and several titles are the
// clickbait kind that do not hold the words a reader would ask with. Then the questions were written as
// readers type them into a chat box: plain Chinese, colloquial, short and long, some with English terms,
// paraphrasing rather than copying titles (西红柿 for 番茄, 韦伯 for 韦布, 存钱 for 攒钱). Each names the one
// article that answers it best and why; a few name one acceptable alternative where two articles answer
// equally well. No question was changed after seeing what retrieval returned.
//
// The scorer is bench/questions.ts; the set is checked by questions.test.ts and scored in
// questions.int.test.ts.
import { join } from "node:path";

/** Where the articles written for the question set live (the demo's format). */
export const QUESTION_ARTICLES_DIR = join(import.meta.dirname, "articles");

/** "demo": the best article is one of content/demo/; "new": one of test/questions/articles/. */
export type QuestionSide = "demo" | "new";

export type Question = {
  /** As a reader would type it into the chat. */
  question: string;
  side: QuestionSide;
  /** The best article's exact title. */
  expected: string;
  /** Why that article is the best answer. */
  why: string;
  /** An article that answers equally well, and why (used sparingly). */
  alternative?: { title: string; why: string };
};

export const QUESTIONS: Question[] = [
  // ——— Over the demo articles ———
  {
    question: "西红柿炖牛肉怎么做好吃",
    side: "demo",
    expected: "番茄炖牛腩🍅汤汁能拌三碗饭的懒人做法",
    why: "整篇就是番茄炖牛腩的做法；西红柿即番茄、牛肉即牛腩，问句里一个标题词也没有",
  },
  {
    question: "牛肉怎么炖才烂",
    side: "demo",
    expected: "番茄炖牛腩🍅汤汁能拌三碗饭的懒人做法",
    why: "讲了冷水焯水、压力锅 25 分钟或砂锅小火 1.5 小时、加热水不加冷水免得肉变紧",
    alternative: {
      title: "周末做一锅日式咖喱牛肉，能吃三顿还越放越香",
      why: "同样讲牛腩煎香后小火炖一小时（压力锅 20 分钟）到软烂，答得几乎一样好",
    },
  },
  {
    question: "玻璃为啥能透光，沙子就不行？",
    side: "demo",
    expected: "为什么玻璃是透明的，同样是二氧化硅的沙子却不透明？",
    why: "正面回答：不吸收可见光且内部不散射，沙子颗粒界面多",
  },
  {
    question: "天空为什么是蓝色的，傍晚又变成橙红色",
    side: "demo",
    expected: "【在家实验】一缸清水加一勺牛奶，就能做出\"蓝天\"和\"夕阳\"",
    why: "用瑞利散射解释蓝天和夕阳；标题是实验，不含“天空为什么蓝”",
  },
  {
    question: "周末睡懒觉能把工作日欠的觉补回来吗",
    side: "demo",
    expected: "按90分钟睡眠周期定闹钟，真的能醒得更轻松吗？",
    why: "专门讲了周末补觉抵消不了工作日欠觉、还会制造“时差”",
  },
  {
    question: "下午喝咖啡会影响晚上睡觉吗",
    side: "demo",
    expected: "按90分钟睡眠周期定闹钟，真的能醒得更轻松吗？",
    why: "给出咖啡因半衰期 3 到 7 小时、下午两点后少喝的建议",
    alternative: {
      title: "每天三杯美式，停了两天头疼欲裂",
      why: "同样建议下午两点后不喝，并讲减少咖啡因后入睡明显变快",
    },
  },
  {
    question: "跑步的时候心率多少比较合适？220减年龄准不准",
    side: "demo",
    expected: "步频180是金科玉律吗？跑了8年，聊聊那些被传歪的\"跑步常识\"",
    why: "讲心率五区间和“220 减年龄”的误差；标题只提步频",
  },
  {
    question: "空间站里明明有重力，宇航员为什么还会飘起来",
    side: "demo",
    expected: "空间站上的重力还有地面的89%，那宇航员为什么会飘？",
    why: "正面回答：和空间站一起自由落体",
  },
  {
    question: "听说有种小虫子在太空里都冻不死，真的假的",
    side: "demo",
    expected: "在太空真空里待了10天还能活：水熊虫到底有多\"耐造\"",
    why: "讲水熊虫扛真空、冷冻和辐射；读者不知道名字“水熊虫”",
  },
  {
    question: "整天对着电脑眼睛又干又涩怎么缓解",
    side: "demo",
    expected: "盯屏幕一整天眼睛又干又酸？先试试\"20-20-20\"",
    why: "专讲上班族眼干眼酸的用眼办法；近邻是孩子近视那篇",
  },
  {
    question: "每天吃一个鸡蛋胆固醇会不会超标",
    side: "demo",
    expected: "蛋黄不能吃、骨头汤补钙？6个流传很广的营养说法，我们查了查",
    why: "第一条就核对了健康人每天一个全蛋没问题",
  },
  {
    question: "一天吃多少糖算多？喝饮料会超吗",
    side: "demo",
    expected: "一杯奶茶就超标？把\"每天25克糖\"这件事算清楚",
    why: "讲 25 克游离糖的口径和饮料含糖量",
  },
  {
    question: "上班族一周要运动多长时间才够",
    side: "demo",
    expected: "每周150分钟：给久坐上班族的运动\"最低配置\"",
    why: "按世卫指南给出每周 150 到 300 分钟和力量训练",
  },
  {
    question: "久坐腰疼是不是因为坐姿不对",
    side: "demo",
    expected: "「坐直！」可能是你听过最没用的体态建议｜康复师聊久坐与腰背痛",
    why: "讲坐姿角度与腰背痛关联很弱、久坐不动才是问题",
  },
  {
    question: "房贷选等额本息还是等额本金比较划算",
    side: "demo",
    expected: "同样借100万，为什么等额本金少付9万利息？一篇讲清房贷的数学",
    why: "对比两种还款方式的月供、总利息和怎么选",
  },
  {
    question: "跟踪同一个指数的基金那么多，怎么挑",
    side: "demo",
    expected: "同一个指数有十几只基金跟踪，到底该看什么？",
    why: "讲费率、跟踪误差和规模",
  },
  {
    question: "工资不高怎么才能存下钱",
    side: "demo",
    expected: "【月薪9千在杭州】我用\"三个账户法\"攒下了第一个5万",
    why: "讲工资到账拆三个账户的存钱方法；标题用“攒”不用“存”",
  },
  {
    question: "复式记账是什么意思，普通人有必要用吗",
    side: "demo",
    expected: "纯文本记账两年：我为什么从记账 App 换到了 Beancount",
    why: "用一笔咖啡消费解释复式记账，并说明它不适合哪些人",
  },
  {
    question: "TypeScript 里 satisfies 和 as 有什么区别",
    side: "demo",
    expected: "用了半年 satisfies，我把项目里 80% 的 as 都删了",
    why: "梳理 satisfies、类型注解和类型断言的区别",
  },
  {
    question: "SQL 加了索引查询还是很慢，怎么排查",
    side: "demo",
    expected: "PostgreSQL 慢查询排查实录：一条 SQL 从 3.2 秒到 18 毫秒",
    why: "用 EXPLAIN (ANALYZE, BUFFERS) 排查优化器选错索引；近邻是 Redis 缓存那篇",
  },
  {
    question: "git commit 的提交信息应该怎么写",
    side: "demo",
    expected: "带过几个新人之后，我总结的 7 个 Git 习惯",
    why: "其中一条专讲提交信息写原因",
  },
  {
    question: "AI 为什么会编造不存在的东西",
    side: "demo",
    expected: "大模型为什么会一本正经地胡说八道？",
    why: "解释幻觉的来源；读者说“AI”“编造”而不是“大模型”“胡说八道”",
  },
  {
    question: "给同事的代码提意见，怎么说才不会得罪人",
    side: "demo",
    expected: "Code Review 时怎样提意见，才不会让同事觉得被冒犯？",
    why: "整篇讲 Code Review 评论的说法",
  },
  {
    question: "线上服务算出来的日期总是差8个小时是怎么回事",
    side: "demo",
    expected: "记一次诡异的线上 Bug：为什么周报表只在周一早上出错？",
    why: "定位到容器默认 UTC 时区；近邻是 Docker 镜像那篇",
  },
  {
    question: "网页首屏打开特别慢，有什么优化办法",
    side: "demo",
    expected: "LCP 从 4.2s 优化到 1.6s，我做对了哪几件事",
    why: "讲首屏主图直出、fetchpriority、AVIF、字体子集化；读者不一定知道 LCP",
  },
  {
    question: "Rust 的借用检查到底在检查什么",
    side: "demo",
    expected: "【图解】20 分钟讲清 Rust 所有权和借用｜配套文字版",
    why: "讲可变与不可变借用和常见借用检查报错",
  },
  {
    question: "python 脚本处理几十G日志太慢了，用 rust 重写能快多少",
    side: "demo",
    expected: "把 Python 日志分析脚本用 Rust 重写后，14 分钟变成了 58 秒",
    why: "正是 38GB 日志从 14 分钟到 58 秒；近邻是 Python 环境和磁盘日志两篇",
  },
  {
    question: "产品经理怎么拒绝不合理的需求又不伤和气",
    side: "demo",
    expected: "需求评审会上，我学会了这 5 种说\"不\"的方式",
    why: "五种拒绝需求又不得罪人的做法",
  },
  {
    question: "第一次做用户调研，访谈的时候要注意什么",
    side: "demo",
    expected: "做用户访谈时，新手最常犯哪些错误？",
    why: "新手访谈的五个误区和改进做法",
  },
  {
    question: "日活一直在涨，怎么知道用户到底留没留下来",
    side: "demo",
    expected: "别再只盯日活了：读懂留存曲线的三种形状",
    why: "讲 DAU 会被拉新掩盖、看留存曲线",
  },
  {
    question: "一个人去日本玩一周大概要花多少钱",
    side: "demo",
    expected: "日本穷游7天花了多少钱？东京+京都+大阪的真实账单",
    why: "7 天的分项账单；近邻是办护照那篇",
  },
  {
    question: "刚开始喝茶，该买什么茶",
    side: "demo",
    expected: "刚开始喝茶，怎么不花冤枉钱？一份六大茶类入门笔记",
    why: "六大茶类入门和口粮茶价位",
  },
  {
    question: "詹姆斯韦伯望远镜为什么不放在地球轨道上",
    side: "demo",
    expected: "韦布望远镜为什么要跑到150万公里外？聊聊L2这个\"停车位\"",
    why: "讲为什么去日地 L2；读者写“韦伯”，文章写“韦布”",
  },
  {
    question: "人类发射的飞得最远的探测器现在在哪",
    side: "demo",
    expected: "旅行者1号：一台23瓦的\"收音机\"，和它身后越来越长的沉默",
    why: "旅行者 1 号距地球 240 亿公里、已进入星际空间",
  },
  {
    question: "工作压力大，整天提不起劲还失眠，是我变懒了吗",
    side: "demo",
    expected: "那半年，我一直以为自己只是变懒了",
    why: "职业倦怠的亲身经历和就诊；近邻是两篇讲失眠的新文章",
  },

  // ——— Over the articles written for the set ———
  {
    question: "晚上躺床上一两个小时都睡不着怎么办",
    side: "new",
    expected: "熬了三年夜，我终于学会了\"不努力睡觉\"",
    why: "整篇讲入睡困难和失眠认知行为治疗；标题没有“失眠”“睡不着”",
  },
  {
    question: "失眠不想吃安眠药，有别的办法治吗",
    side: "new",
    expected: "熬了三年夜，我终于学会了\"不努力睡觉\"",
    why: "讲不靠药的 CBT-I 疗程：睡眠限制、刺激控制、睡眠日记",
    alternative: {
      title: "按90分钟睡眠周期定闹钟，真的能醒得更轻松吗？",
      why: "结尾也直接回答：慢性失眠一线治疗是 CBT-I，不是先吃药",
    },
  },
  {
    question: "倒时差吃什么管用",
    side: "new",
    expected: "褪黑素到底能不能吃？一个药师的实话",
    why: "讲褪黑素对倒时差有帮助、什么时候吃；问句里没有“褪黑素”",
  },
  {
    question: "长期吃褪黑素会不会上瘾",
    side: "new",
    expected: "褪黑素到底能不能吃？一个药师的实话",
    why: "专门回答了成瘾和长期服用",
  },
  {
    question: "跑步跑久了膝盖外侧疼是怎么回事",
    side: "new",
    expected: "跑到第8公里膝盖外侧开始刺痛，我花了两个月才搞明白",
    why: "髂胫束综合征的症状、原因和恢复；近邻是跑步常识那篇",
  },
  {
    question: "给猫换了新猫粮一直拉稀怎么办",
    side: "new",
    expected: "主子拉了一周软便，我才知道这件事不能急🐱",
    why: "七天过渡换粮法和什么时候去医院；标题没有“猫粮”“换粮”",
  },
  {
    question: "租房签合同要注意哪些坑",
    side: "new",
    expected: "签租房合同前，这 8 个地方我建议你逐条看",
    why: "逐条讲押金、违约、维修、二房东等条款",
  },
  {
    question: "辞职以后社保断了几个月有什么影响",
    side: "new",
    expected: "离职空窗三个月，我差点丢了在上海买房的资格",
    why: "讲断缴对医保、养老、买房摇号的影响和空窗期怎么办；标题没有“社保”",
  },
  {
    question: "电动车电池冬天不耐用，怎么充电能用久一点",
    side: "new",
    expected: "电瓶车冬天只能跑一半？修车师傅教我的几条充电习惯",
    why: "冬天续航缩水的原因和充电习惯；近邻是洱海骑电动车、新能源车门店和手机电池",
  },
  {
    question: "小孩近视度数涨得太快，有什么办法控制",
    side: "new",
    expected: "孩子一年涨了150度，眼科医生给我的几条建议",
    why: "户外两小时、离焦镜、OK 镜、低浓度阿托品；近邻是 20-20-20 那篇",
  },
  {
    question: "OK镜和阿托品哪个效果好",
    side: "new",
    expected: "孩子一年涨了150度，眼科医生给我的几条建议",
    why: "表格比较了离焦镜、角膜塑形镜和低浓度阿托品各适合什么情况",
  },
  {
    question: "绿萝叶子发黄了还能救回来吗",
    side: "new",
    expected: "叶子发黄别急着扔！这盆养了5年的经验都在这了🌿",
    why: "按黄叶类型讲原因和烂根的救法；标题没有“绿萝”",
  },
  {
    question: "空气炸锅烤鸡翅要几度烤多久",
    side: "new",
    expected: "空气炸锅用了半年，这几样东西我做得最多",
    why: "给了鸡翅的腌法、温度和时间",
  },
  {
    question: "用空气炸锅可以垫锡纸吗",
    side: "new",
    expected: "空气炸锅用了半年，这几样东西我做得最多",
    why: "专门讲了锡纸和油纸怎么垫",
  },
  {
    question: "做咖喱的时候咖喱块什么时候放才不会结块",
    side: "new",
    expected: "周末做一锅日式咖喱牛肉，能吃三顿还越放越香",
    why: "关火后再放咖喱块；近邻是番茄炖牛腩",
  },
  {
    question: "个税年度汇算为什么我还要补税",
    side: "new",
    expected: "今年退了2300块：个税年度汇算我是这么填的",
    why: "讲哪些人会补税和 400 元以下免补",
  },
  {
    question: "租房的房租可以抵扣个人所得税吗",
    side: "new",
    expected: "今年退了2300块：个税年度汇算我是这么填的",
    why: "专项附加扣除里的住房租金；近邻是租房提取公积金那篇",
  },
  {
    question: "不喝咖啡为什么会头疼",
    side: "new",
    expected: "每天三杯美式，停了两天头疼欲裂",
    why: "解释咖啡因戒断引起头痛、持续多久",
  },
  {
    question: "一天喝几杯咖啡不算多",
    side: "new",
    expected: "每天三杯美式，停了两天头疼欲裂",
    why: "每天 400 毫克咖啡因和常见饮品含量表；近邻是 9.9 咖啡和睡眠周期两篇",
  },
  {
    question: "高铁二等座为什么没有E座",
    side: "new",
    expected: "坐了上百趟高铁，我选座只看这三件事",
    why: "解释 ABCDF 座位号和为什么跳过 E",
  },
  {
    question: "docker 镜像太大了，怎么把体积减小",
    side: "new",
    expected: "一个 Node 服务的镜像，从 1.2GB 到 86MB",
    why: ".dockerignore、多阶段构建、基础镜像；标题没有“Docker”；近邻是时区 Bug 那篇",
  },
  {
    question: "缓存击穿和缓存穿透有什么区别",
    side: "new",
    expected: "一个热点 key 过期，数据库 CPU 直接打满",
    why: "表格对比击穿、穿透、雪崩和各自的解法；标题里没有这些词",
  },
  {
    question: "k8s 里 liveness 和 readiness 探针有啥不一样",
    side: "new",
    expected: "Pod 一直重启，原来是探针配错了",
    why: "讲清三种探针的作用和失败后果",
  },
  {
    question: "excel 怎么按月份汇总每个地区的销售额",
    side: "new",
    expected: "别再一个个写 SUMIF 了，5 分钟学会这个功能",
    why: "数据透视表按地区分组、日期按月组合；标题没有“透视表”",
  },
  {
    question: "应届生没什么工作经验，简历该写些什么",
    side: "new",
    expected: "HR 只看 7 秒？帮 30 个朋友改完之后我发现的共同问题",
    why: "专门一节讲应届生写实习、项目和学生工作",
  },
  {
    question: "面试快结束的时候面试官问我有没有问题，我该问点啥",
    side: "new",
    expected: "\"你还有什么问题想问我？\"别再说\"没有了\"",
    why: "按面试轮次给出反问的问题；近邻是简历那篇",
  },
  {
    question: "第一次办护照要带什么，多久能拿到",
    side: "new",
    expected: "第一次出国前的准备，我只跑了一趟出入境",
    why: "办理材料、费用和 7 个工作日；标题没有“护照”",
  },
  {
    question: "手机充一整晚电对电池有伤害吗",
    side: "new",
    expected: "电池健康掉到 85% 以后，我改掉了这几个习惯",
    why: "讲长期满电和高温伤锂电池、优化充电；近邻是电瓶车电池那篇",
  },
  {
    question: "新装修的房子多久才能住进去",
    side: "new",
    expected: "通风半年就能放心住？我测了三次之后的结论",
    why: "三次甲醛检测结果和入住建议；标题没有“装修”“甲醛”",
  },
  {
    question: "洗牙会不会把牙齿洗坏，洗完牙缝变大了",
    side: "new",
    expected: "洗完牙牙缝变大了？牙医朋友给我讲明白了",
    why: "解释牙缝是牙结石造成的、洗牙不磨牙釉质",
  },
  {
    question: "没买房的话公积金能取出来用吗",
    side: "new",
    expected: "没买房，每个月也能多出1500块",
    why: "讲租房提取公积金和其他提取情形；标题没有“公积金”",
  },
  {
    question: "pip install 成功了，运行还是提示找不到模块",
    side: "new",
    expected: "pip 装完了还是 ModuleNotFoundError？聊聊 Python 的环境隔离",
    why: "多个解释器和 python -m pip 的排查",
  },
  {
    question: "linux 删了大文件为什么磁盘空间没释放",
    side: "new",
    expected: "df 显示 100%，du 却只算出一半",
    why: "文件被进程打开时删除不释放、lsof 查找；标题只有命令名",
  },
  {
    question: "防晒霜是不是SPF越高越好",
    side: "new",
    expected: "SPF50 就比 SPF30 强一倍？这几个误区我踩了好多年",
    why: "SPF30 和 50 的阻挡率只差一个多百分点、涂够量更重要",
  },
  {
    question: "科目二倒车入库老是压线怎么办",
    side: "new",
    expected: "挂了两次之后，我第三次满分过了科目二",
    why: "倒库看点、打方向时机和修正方法",
  },
  {
    question: "宝宝发烧美林和泰诺林可以交替着吃吗",
    side: "new",
    expected: "半夜孩子烧到39度，儿科医生朋友教我的几件事",
    why: "对乙酰氨基酚和布洛芬的用法，不推荐交替",
  },
];
