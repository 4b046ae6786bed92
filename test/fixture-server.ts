// A loopback web server for the link-summary tests: Chinese pages written for this project (news,
// blog, comments, video with subtitles, podcast feed and episode) plus the awkward cases the fetcher
// must handle (redirect chains and loops, 404, a huge body, a binary, a slow answer, gzip), and the
// undeclared legacy-encoding pages of test/charsets/ (/charsets/big5-page.html …).
// It counts connections and requests so tests can prove a refused fetch never reached it.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";
import { id3Tag, mp3Audio } from "./audio";
import { charsetBytes } from "./charsets";
import { send } from "./http";

export type FixtureServer = {
  /** e.g. http://127.0.0.1:40123 (no trailing slash) */
  url: string;
  port: number;
  /** Every request seen: path with query, and the Host header. */
  requests: { path: string; host: string }[];
  /** TCP connections accepted. */
  connections: () => number;
  close: () => Promise<void>;
};

const page = (title: string, head: string, body: string) => `<!DOCTYPE html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
${head}
</head>
<body>
${body}
</body>
</html>
`;

export const NEWS_TITLE = "青川市社区图书馆试行夜间开放 首月接待读者逾两万人次";

export const NEWS_HTML = page(
  `${NEWS_TITLE} - 青川日报`,
  `<meta property="og:site_name" content="青川日报">
<meta property="og:title" content="${NEWS_TITLE}">
<meta property="og:type" content="article">
<meta name="description" content="青川市十二家社区图书馆自上月起将闭馆时间延后至晚上十点，首月夜间接待读者两万余人次。">`,
  `<header class="site-header"><a href="/">青川日报</a>
<nav><a href="/local">本地</a> <a href="/culture">文化</a> <a href="/economy">经济</a></nav></header>
<main>
<article>
<h1>${NEWS_TITLE}</h1>
<p class="byline">本报记者 林晓雯 <time datetime="2024-03-18T08:30:00+08:00">2024年3月18日 08:30</time></p>
<p>晚上九点多，位于青川市东湖街道的社区图书馆依然灯火通明。自习区里坐满了备考的年轻人，儿童阅读角还有家长陪着孩子翻看绘本。从上个月起，全市十二家社区图书馆试行夜间开放，闭馆时间由下午六点延后到晚上十点。据市文化和旅游局统计，试行首月，十二家图书馆夜间共接待读者两万一千余人次，借还图书一万三千多册。</p>
<p>“以前下班赶过来，刚进门就要闭馆了。”在一家物流公司做调度的王先生说，他每周会来两三次，借一些历史和地理方面的书，“现在吃完晚饭散步过来，能安安静静看一个多小时，比在家刷手机强多了。”</p>
<p>市文化和旅游局公共服务科负责人介绍，夜间开放并不是简单地延长工作时间。试点前，工作人员在各街道发放了三千多份问卷，发现上班族和学生最集中的需求是“下班后有地方看书、自习”，其次是周末晚上的亲子阅读活动。为此，各馆在夜间时段重点保障自习座位和儿童区开放，并把部分讲座、读书会安排在晚上七点以后。</p>
<p>人手是夜间开放面临的主要难题。为了不增加过多编制，青川市采取“馆员加志愿者”的方式排班：每晚至少一名正式馆员在岗，负责借还和安全管理，另由经过培训的志愿者协助整理书架、引导读者。目前报名的志愿者已有四百余人，其中不少是附近高校的学生和退休教师。东湖街道图书馆馆长周敏说，志愿者的加入让夜间服务“既有人气，也有温度”。</p>
<p>安全和能耗同样是市民关心的问题。据介绍，各馆夜间均安排了保安巡查，入口处加装了人脸识别闸机，并与社区警务室建立了联动机制。照明和空调则根据在馆人数分区控制，人少的区域提前关闭。试行首月的数据显示，十二家图书馆的电费比去年同期增加约百分之十八，低于此前的预估。</p>
<p>也有读者提出了改进建议。有市民反映，部分图书馆周边公交末班车较早，晚上离开不太方便；还有家长希望增加适合低龄儿童的夜间故事会。对此，市文化和旅游局表示，将与交通部门协商优化相关线路的末班时间，并计划在下一阶段推出“亲子夜读”系列活动。</p>
<p>业内人士认为，社区图书馆延长开放时间，是让公共文化服务更贴近居民生活节奏的一次尝试。青川师范学院图书馆学专业的陈教授表示，衡量夜间开放成效，不能只看人流量，还要关注读者的实际需求是否得到满足，“比如自习座位是否够用、借阅品种是否对路，这些都需要持续跟踪。”</p>
<p>按照计划，试行期为三个月。试行结束后，市里将综合读者反馈、运行成本和安全情况进行评估，再决定是否将夜间开放推广到全市其余二十余家社区图书馆。</p>
<p class="editor">责任编辑：赵一鸣</p>
</article>
</main>
<footer><p>青川日报社版权所有 · 未经授权不得转载</p></footer>`,
);

const BLOG_HTML = page(
  "用 Node.js 流处理大文件：从内存爆掉到稳定运行 - 小周的技术笔记",
  `<meta property="og:site_name" content="小周的技术笔记">
<meta name="author" content="周子航">`,
  `<nav class="top-nav"><a href="/">首页</a> <a href="/archives">归档</a> <a href="/tags">标签</a> <a href="/about">关于</a></nav>
<div class="layout">
<article class="post">
<h1>用 Node.js 流处理大文件：从内存爆掉到稳定运行</h1>
<p class="meta">作者 周子航 · <time datetime="2024-05-06">2024-05-06</time> · 阅读约 6 分钟</p>
<p>上周线上的日志导出接口突然频繁重启，排查后发现是一次性把几百兆的日志读进内存再返回导致的。这篇文章记录一下用流改写的过程，以及踩过的几个坑。</p>
<h2>问题出在哪里</h2>
<p>原来的写法很直接：先用 <code>fs.readFile</code> 读取整个文件，做完过滤再一次性写回响应。文件小的时候没问题，一旦用户选择导出整个月的日志，进程的内存占用就会冲到一点五 GB 以上，最终被容器杀掉。</p>
<h2>改成流式处理</h2>
<p>思路是把“读取—过滤—写出”三个步骤串成一条管道，每次只处理一小块数据：</p>
<pre><code class="language-js">import { createReadStream } from "node:fs";
import { pipeline } from "node:stream/promises";
import { createInterface } from "node:readline";

export async function exportLogs(path, keyword, res) {
  const lines = createInterface({ input: createReadStream(path) });
  res.setHeader("Content-Type", "text/plain; charset=utf-8");
  for await (const line of lines) {
    if (line.includes(keyword) &amp;&amp; !res.write(line + "\\n")) {
      await new Promise((resolve) =&gt; res.once("drain", resolve));
    }
  }
  res.end();
}
</code></pre>
<p>关键在于尊重背压：当 <code>res.write</code> 返回 false 时，说明下游暂时处理不过来，应当等待 <code>drain</code> 事件再继续写。</p>
<h2>几个容易忽略的细节</h2>
<h3>客户端提前断开</h3>
<p>用户关掉浏览器后，如果不监听连接关闭，读取仍会继续。可以在 <code>res.on("close")</code> 里销毁读取流，及时释放文件句柄。</p>
<h3>编码问题</h3>
<p>按字节切块时，一个汉字可能被拆在两块之间。使用 <code>readline</code> 或者设置流的编码为 utf8，可以避免出现乱码。</p>
<h2>效果</h2>
<p>改写之后，导出同样大小的日志，进程内存稳定在八十 MB 左右，接口再也没有因为内存不足而重启。</p>
</article>
<aside class="sidebar">
<h2>关于我</h2><p>后端工程师，喜欢写点工具和笔记。</p>
<h2>热门文章</h2>
<ul><li><a href="/posts/pg-index">PostgreSQL 索引选择的五个误区</a></li><li><a href="/posts/docker-size">把镜像从 1GB 减到 80MB</a></li></ul>
<h2>标签</h2><p><a href="/tags/node">Node.js</a> <a href="/tags/perf">性能优化</a></p>
</aside>
</div>
<footer>© 2024 小周的技术笔记 · 本站内容采用 CC BY-NC 4.0 许可</footer>`,
);

const COMMENTS_HTML = page(
  "家常红烧肉怎么做才不腻？老厨师分享三个关键步骤 - 食味杂志",
  `<meta property="og:site_name" content="食味杂志">`,
  `<header><a href="/">食味杂志</a><nav><a href="/recipes">菜谱</a> <a href="/stories">食物故事</a></nav></header>
<div class="ad-banner" id="ad-top"><a href="/ads/1">【广告】新款不粘锅限时五折，点击抢购！</a></div>
<article>
<h1>家常红烧肉怎么做才不腻？老厨师分享三个关键步骤</h1>
<p class="byline">文 / 陈桂芳 <time datetime="2024-01-20">2024年1月20日</time></p>
<p>红烧肉几乎是每家餐桌上的常客，但很多人做出来不是太腻，就是肉质发柴。在老城区开了三十年饭馆的李师傅说，做好红烧肉其实只要抓住三个步骤：选肉、煸油和小火慢炖。</p>
<p>第一步是选肉。李师傅建议选用肥瘦相间、层次分明的五花肉，最好是带皮的“五层肉”。肉块切成三厘米左右见方，太小容易炖散，太大又不容易入味。</p>
<p>第二步是煸油。焯水后的肉块不要急着加调料，先放进锅里用中小火慢慢煸炒，直到表面微黄、逼出一部分油脂。“很多人觉得腻，就是因为少了这一步。”李师傅说，煸出来的油可以盛出来留着炒青菜。</p>
<p>第三步是小火慢炖。炒好糖色后加入热水没过肉块，放入葱姜、八角和少许桂皮，大火烧开后转小火炖一个小时左右，最后再开大火收汁。收汁时要不停翻动，让每块肉都均匀裹上酱汁。</p>
<p>李师傅还提醒，炖肉时加水一定要一次加足，中途如果需要补水，也要加热水，否则肉会变硬。</p>
</article>
<div class="ad-block" id="ad-middle"><p>【推广】一分钟学会十道快手菜，扫码下载食味 App。</p></div>
<section class="comments" id="comments">
<h2>读者评论（3）</h2>
<div class="comment"><span class="user">爱做饭的小刘</span><p>照着做了一次，煸油那一步确实关键，一点都不腻！</p></div>
<div class="comment"><span class="user">老王在上海</span><p>我们家会放几颗鹌鹑蛋一起炖，孩子特别爱吃。</p></div>
<div class="comment"><span class="user">Momo</span><p>请问冰糖和白砂糖炒糖色有区别吗？</p></div>
</section>
<div class="ad-sidebar" id="ad-side"><a href="/ads/2">【广告】年货节生鲜满一百减二十</a></div>
<footer>食味杂志 © 2024</footer>`,
);

const VIDEO_HTML = page(
  "三分钟看懂垃圾分类 - 青川市城市管理局",
  `<meta property="og:site_name" content="青川市城市管理局">
<meta property="og:type" content="video.other">`,
  `<main>
<h1>三分钟看懂垃圾分类</h1>
<p>本视频介绍了可回收物、有害垃圾、厨余垃圾和其他垃圾的分类方法，适合在社区宣传时播放。</p>
<video controls width="960" poster="/video-poster.jpg">
<source src="/video.mp4" type="video/mp4">
<track kind="subtitles" src="/video.vtt" srclang="zh" label="中文" default>
您的浏览器不支持视频播放。
</video>
<p>发布时间：<time datetime="2024-04-02">2024年4月2日</time></p>
</main>`,
);

export const VIDEO_VTT = `WEBVTT

1
00:00:00.000 --> 00:00:04.000
大家好，今天用三分钟讲清楚垃圾怎么分类。

2
00:00:04.000 --> 00:00:09.500
第一类是可回收物，比如废纸、塑料瓶、玻璃瓶和旧衣服。

3
00:00:09.500 --> 00:00:15.000
投放前请把瓶子里的液体倒干净，纸箱尽量压扁。

4
00:00:15.000 --> 00:00:21.000
第二类是有害垃圾，包括废电池、过期药品和废旧灯管。

5
00:00:21.000 --> 00:00:27.000
第三类是厨余垃圾，剩饭剩菜、果皮菜叶都属于这一类，记得先沥干水分。

6
00:00:27.000 --> 00:00:33.000
其余难以回收的，比如用过的纸巾和烟头，属于其他垃圾。

7
00:00:33.000 --> 00:00:37.000
分类做得好，城市更美好。谢谢观看！
`;

const podcastXml = (base: string) => `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd">
<channel>
<title>晚风读书会</title>
<link>${base}/podcast</link>
<language>zh-cn</language>
<description>每周一期，聊聊最近读过的好书。</description>
<itunes:author>晚风读书会</itunes:author>
<item>
<title>第 42 期：在城市里寻找一座图书馆</title>
<description>这一期我们聊了社区图书馆、夜读习惯，以及如何挑选适合通勤时阅读的书。</description>
<pubDate>Mon, 18 Mar 2024 20:00:00 +0800</pubDate>
<guid isPermaLink="false">wanfeng-042</guid>
<enclosure url="${base}/episode.mp3" length="4096" type="audio/mpeg"/>
<itunes:duration>00:42:10</itunes:duration>
</item>
</channel>
</rss>
`;

/** A podcast listing its episodes oldest first, without links or guids: a summary takes the newest episode. */
const podcastOldestFirst = (base: string) => `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0"><channel><title>晚风读书会（按时间顺序）</title>
<item><title>第 41 期：旧的一期</title><pubDate>Mon, 11 Mar 2024 20:00:00 +0800</pubDate><enclosure url="${base}/episode.mp3?ep=41" type="audio/mpeg"/></item>
<item><title>第 42 期：在城市里寻找一座图书馆</title><pubDate>Mon, 18 Mar 2024 20:00:00 +0800</pubDate><enclosure url="${base}/episode.mp3?ep=42" type="audio/mpeg"/></item>
<item><title>第 43 期预告（没有音频）</title><pubDate>Mon, 25 Mar 2024 20:00:00 +0800</pubDate></item>
</channel></rss>
`;

const HTML = "text/html; charset=utf-8";

export async function startFixtureServer(): Promise<FixtureServer> {
  const requests: FixtureServer["requests"] = [];
  let connections = 0;
  const mp3 = Buffer.concat([id3Tag("第 42 期：在城市里寻找一座图书馆"), mp3Audio({ seconds: 2, kbps: 128, rate: 44100 })]);
  const longMp3 = mp3Audio({ seconds: 25 * 60, kbps: 8, rate: 24000 }); // 24 ms frames: pieces of exactly ten minutes
  const gzipped = gzipSync(Buffer.from(NEWS_HTML, "utf8"));
  let base = "";
  let slowOnceServed = false;

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://fixture");
    requests.push({ path: url.pathname + url.search, host: req.headers.host ?? "" });
    const redirect = (to: string) => {
      res.writeHead(302, { Location: to, "Content-Length": "0" });
      res.end();
    };
    const chain = url.pathname.match(/^\/redirect\/(\d+)$/);
    if (chain) return redirect(Number(chain[1]) > 1 ? `/redirect/${Number(chain[1]) - 1}` : "/news");
    switch (url.pathname) {
      case "/news":
        return send(res, 200, HTML, NEWS_HTML);
      case "/blog":
        return send(res, 200, HTML, BLOG_HTML);
      case "/comments":
        return send(res, 200, HTML, COMMENTS_HTML);
      case "/video":
        return send(res, 200, HTML, VIDEO_HTML);
      case "/video.vtt":
        return send(res, 200, "text/vtt; charset=utf-8", VIDEO_VTT);
      case "/podcast.xml":
        return send(res, 200, "application/rss+xml; charset=utf-8", podcastXml(base));
      case "/podcast-oldest-first.xml":
        return send(res, 200, "application/rss+xml", podcastOldestFirst(base));
      case "/episode.mp3":
        return send(res, 200, "audio/mpeg", mp3);
      case "/long-episode.mp3":
        return send(res, 200, "audio/mpeg", longMp3);
      case "/redirect/loop":
        return redirect("/redirect/loop");
      case "/to-private":
        return redirect(url.searchParams.get("target") ?? "/news");
      case "/binary":
        return send(res, 200, "application/octet-stream", Buffer.alloc(2048, 0xab));
      case "/gzip":
        return send(res, 200, HTML, gzipped, { "Content-Encoding": "gzip" });
      case "/huge": {
        // 30 MB of HTML in 64 KB chunks without a Content-Length, pacing itself by backpressure.
        const chunk = Buffer.from(`<p>${"很长的页面内容。".repeat(2730)}</p>\n`, "utf8").subarray(0, 64 * 1024);
        let sent = 0;
        res.writeHead(200, { "Content-Type": HTML });
        res.write("<!DOCTYPE html><html><body>");
        const pump = () => {
          while (sent < 30 * 1024 * 1024 && !res.destroyed) {
            sent += chunk.length;
            if (!res.write(chunk)) return void res.once("drain", () => setImmediate(pump));
          }
          if (!res.destroyed) res.end("</body></html>");
        };
        return pump();
      }
      case "/slow-once": {
        // The first visitor gets no answer (its worker is killed mid-task); later visitors get the news page.
        if (!slowOnceServed) {
          slowOnceServed = true;
          const timer = setTimeout(() => send(res, 200, HTML, NEWS_HTML), 60_000);
          res.on("close", () => clearTimeout(timer));
          return;
        }
        return send(res, 200, HTML, NEWS_HTML);
      }
      case "/slow": {
        const timer = setTimeout(() => send(res, 200, HTML, NEWS_HTML), 20_000);
        res.on("close", () => clearTimeout(timer));
        return;
      }
      default:
        // test/charsets/: Big5, Shift_JIS, EUC-KR, GB18030, windows-1252 pages declaring no charset anywhere
        if (/^\/charsets\/[\w-]+-page\.html$/.test(url.pathname)) return send(res, 200, "text/html", charsetBytes(url.pathname.slice("/charsets/".length)));
        return send(res, 404, HTML, page("页面不存在", "", "<h1>404 页面不存在</h1><p>您访问的页面已被删除或从未存在。</p>"));
    }
  });
  server.on("connection", () => void connections++);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  base = `http://127.0.0.1:${port}`;
  return {
    url: base,
    port,
    requests,
    connections: () => connections,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
