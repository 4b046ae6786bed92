import type { Metadata } from "next";
import { Link } from "@/components/ui/link";
import { LegalPage, OperatorLine } from "@/components/legal/legal-page";
import { TOKEN_TTL_SECONDS } from "@/lib/auth/token";
import { COMMENT_RECORD_DAYS } from "@/lib/comments/constants";
import { policyFacts, SMS_CODE_RETENTION_DAYS, type PolicyFacts } from "@/lib/privacy/policy";
import { siteUrl } from "@/lib/site";

// 隐私政策 (个人信息保护法 articles 7, 17): what 拾阅 collects, why, how long, who processes it, and how a reader
// copies or deletes it. Every provider named here is read from the configuration that sends them the data
// (lib/privacy/policy.ts); docs/privacy.md keeps this page and the code in step.

export const metadata: Metadata = {
  title: "隐私政策",
  description: "拾阅如何收集、使用、保存和保护你的个人信息，以及你如何查阅、导出和删除它们。",
  alternates: { canonical: "/privacy" },
};

export default function PrivacyPage() {
  const facts = policyFacts();
  return (
    <LegalPage title="拾阅隐私政策" facts={facts}>
      <OperatorLine facts={facts} />
      <p>
        我们只在提供服务所必需的范围内处理你的个人信息，并按《中华人民共和国个人信息保护法》的要求告诉你：收集什么、为什么收集、保存多久、交给谁处理，以及你可以怎样查阅、导出和删除。注册或以验证码登录前，请你阅读并同意本政策和
        <Link href="/terms">《用户协议》</Link>。
      </p>

      <h2>一、我们收集哪些信息，用来做什么</h2>
      <ul>
        <li>
          <strong>不登录也能使用</strong>：浏览精选文章、搜索、查看关于页不需要账号，我们不要求你提供任何个人信息。
        </li>
        <li>
          <strong>账号信息</strong>：注册时的用户名和密码（只保存经 argon2id 加密的摘要，任何人都无法还原出密码），以及你选填的邮箱、手机号、昵称；之后在个人资料中填写的个人简介。用于登录、找回与保护账号、在页面上显示你的名字。
        </li>
        <li>
          <strong>手机号</strong>：验证码登录、注册时绑定手机、修改密码或注销账号时确认身份需要它。我们向它发送验证码，并保存一条发送记录（手机号、请求来源的 IP 地址、时间，验证码本身只保存不可还原的摘要），用于限制发送次数、防止短信被滥用。
        </li>
        <li>
          <strong>你的操作记录</strong>：点赞、收藏、阅读历史（读过哪篇、首次和最近一次阅读的时间、次数）。用于“我的点赞”“我的收藏”“浏览历史”等列表和文章的计数。
        </li>
        <li>
          <strong>个性化推荐</strong>：根据你的点赞、收藏和阅读，我们整理出若干兴趣标签（以及在接入向量模型时的一组兴趣向量），用来排列你登录后看到的首页。你可以在“我的账号”中查看、逐个删除或全部清除兴趣标签，也可以随时关闭个性化推荐；关闭后首页按热度排列，不再学习你的兴趣。
        </li>
        <li>
          <strong>今日精选</strong>：每天按你的兴趣标签和热门文章为你挑选文章、写成要点，保存 30 天供你回看，并记录你最近一次登录的日期（只为最近 14 天登录过的读者提前生成）。你可以在“我的账号”中更改生成时间或关闭；关闭或关闭个性化推荐后，你看到的是全站统一的精选。RSS 订阅地址含有只属于你的密钥，可随时更换或停用。
        </li>
        <li>
          <strong>评论</strong>：你发表的评论和回复、点赞的评论、提交的举报（理由和说明）。评论旁显示你的昵称{facts.ipRegion ? "和按发表时 IP 地址查出的 IP 属地（省份或国家，由本站服务器离线查询）" : ""}，从不显示手机号；发表时的 IP 地址只有运营人员可见，用于依法留存记录和防止滥用。有人回复、点赞你的评论或你的评论被删除时，我们在“消息”中告诉你。
        </li>
        <li>
          <strong>智能总结</strong>：你提交的链接、所选的总结方式和生成的结果，保存在“总结历史”中供你再次查看。
        </li>
        <li>
          <strong>搜索和 AI 问答</strong>：我们按天统计搜索词的次数和问答的次数，用于了解大家在找什么；这些统计不与任何账号、手机号或 IP 地址关联，我们也不保存你与 AI 的对话内容。
        </li>
        <li>
          <strong>安全记录</strong>：登录失败的次数（按账号和 IP 地址计数）用于防止密码被猜测；为防止批量注册和刷短信，我们按 IP 地址计数注册和发送次数。
        </li>
      </ul>
      <p>我们不会收集你的通讯录、位置、设备标识符，也不会把你的个人信息用于广告或出售给任何人。</p>

      <h2>二、Cookie 和本地存储</h2>
      <p>
        登录后，浏览器会保存一个登录凭证（Cookie，有效期 {TOKEN_TTL_SECONDS / 86_400} 天）和你的基本资料（本地存储），用于保持登录状态；浅色或深色模式的选择也保存在本地存储中。我们不使用任何第三方统计或广告 Cookie。退出登录会清除登录凭证和本地保存的资料。
      </p>

      <h2>三、委托处理与第三方</h2>
      <AiSection facts={facts} />
      <SmsSection facts={facts} />
      {facts.commentSafety ? (
        <p>
          <strong>内容安全服务</strong>：按《互联网跟帖评论服务管理规定》的要求，评论在显示前会交给<strong>{facts.commentSafety}</strong>检查是否含有违法违规内容；发送的是评论文字和你在本站的账号编号，不含手机号或其他能直接识别你身份的信息。
        </p>
      ) : null}
      <p>
        文章来自微信公众号、知乎、掘金、哔哩哔哩、小红书等外部平台，文章中的图片可能直接从来源平台加载（不携带本站的来源地址），此时来源平台能看到你的 IP 地址等网络请求信息；点击“阅读原文”会离开拾阅，前往来源平台，适用该平台的隐私政策。智能总结抓取链接内容时，由本站服务器访问目标网站，目标网站看到的是本站服务器，而不是你。
      </p>
      <p>除上述情形及法律法规要求外，我们不会向任何第三方提供你的个人信息。</p>

      <h2>四、保存多久</h2>
      <ul>
        <li>账号信息、点赞、收藏、阅读历史、兴趣标签和总结历史：保存到你删除它们或注销账号为止。</li>
        <li>为你生成的今日精选：保存 30 天，之后自动删除。</li>
        <li>验证码发送记录：{SMS_CODE_RETENTION_DAYS} 天后自动删除。</li>
        <li>登录失败和发送次数的计数：计数周期结束一天后自动删除。</li>
        <li>评论：保存到你删除它或注销账号为止；被运营人员删除的评论（含发表时的 IP 地址）依法留存 {COMMENT_RECORD_DAYS} 天（约 6 个月）备查，之后自动清除。</li>
        <li>按天统计的搜索词和问答次数：不含个人信息，长期保存。</li>
      </ul>

      <h2>五、你的权利</h2>
      <ul>
        <li>
          <strong>查阅和复制</strong>：在<Link href="/profile">“我的账号”</Link>页点击“下载我的数据”，即可得到一份包含你全部资料、点赞、收藏、阅读历史、总结记录、兴趣标签、评论（及收到的回复）、举报和消息的 JSON 文件。
        </li>
        <li>
          <strong>更正和补充</strong>：在“我的账号”页修改昵称、邮箱、个人简介、密码和手机号。
        </li>
        <li>
          <strong>删除</strong>：取消点赞、收藏，删除自己的评论（有人回复的评论显示为“该评论已删除”，回复保留），逐条删除或清空浏览历史，在“总结历史”中逐条删除总结记录（链接和结果一并删除），逐个删除或全部清除兴趣标签。
        </li>
        <li>
          <strong>撤回同意</strong>：关闭个性化推荐即撤回对兴趣分析的同意；撤回前基于同意进行的处理不受影响。
        </li>
        <li>
          <strong>注销账号</strong>：在“我的账号”页点击“注销账号”，用密码或手机验证码确认后立即生效：账号及其全部点赞、收藏、阅读历史、总结记录（含提交过的链接）、兴趣标签、评论、举报、消息和验证码记录随即删除且无法恢复（别人回复过的评论显示为“该评论已删除”，回复保留），用户名和手机号可以重新注册；运营日志中保留操作本身，但不再显示是谁（显示为“已注销用户”加一个随机编号）。验证码发送等防滥用计数不随注销清零，到期后自动删除。
        </li>
      </ul>

      <h2>六、我们如何保护你的信息</h2>
      <p>
        {siteUrl().startsWith("https:") ? "全站使用 HTTPS 加密传输；" : ""}密码只保存不可还原的摘要；验证码五分钟内有效、只能使用一次、输错五次即失效；每个账号只能访问自己的数据；运营人员的后台操作都有审计记录。如果发生个人信息安全事件，我们会及时告知你事件情况、可能的影响和我们已采取的措施。
      </p>

      <h2>七、未成年人</h2>
      <p>拾阅面向成年读者。不满十四周岁的未成年人应在父母或其他监护人的同意和指导下使用，我们不会主动收集儿童的个人信息。</p>

      <h2>八、本政策的更新</h2>
      <p>
        本政策更新时，我们会在本页更新日期；如果更新改变了我们收集的信息、使用目的或接收方，我们会在生效前在本站显著位置告知你。你同意的版本（以更新日期标识）和同意的时间记录在你的账号中，也包含在“下载我的数据”的文件里。
      </p>
    </LegalPage>
  );
}

function AiSection({ facts }: { facts: PolicyFacts }) {
  if (!facts.ai) {
    return (
      <p>
        <strong>AI 服务</strong>：本站目前没有接入第三方 AI 服务，搜索、AI 问答和智能总结都由本站服务器上的程序完成，你输入的内容不会发送给任何第三方。
      </p>
    );
  }
  if (facts.ai.selfHosted) {
    return (
      <p>
        <strong>AI 服务</strong>：AI 问答、语义搜索和智能总结由{facts.ai.name}完成，它运行在运营者自己的服务器上，你输入的内容不会发送给第三方。
      </p>
    );
  }
  return (
    <p>
      <strong>AI 服务</strong>：为提供 AI 问答、语义搜索和智能总结，我们委托<strong>{facts.ai.name}</strong>
      处理以下内容：你在 AI 问答中输入的问题和本次对话的上文、你的搜索词（用于按语义查找文章）、你提交总结的链接所指向的正文或音视频转写内容，以及生成今日精选时你最关注的几个兴趣标签和为你挑选的文章的标题与摘要。发送时不附带你的账号、手机号或其他能识别你身份的信息；我们要求服务商只为生成回答而处理这些内容。
    </p>
  );
}

function SmsSection({ facts }: { facts: PolicyFacts }) {
  const sms = facts.sms;
  if (sms.kind === "provider") {
    return (
      <p>
        <strong>短信服务</strong>：为向你发送验证码，我们会把你的手机号和验证码提供给<strong>{sms.name}</strong>，它只用于发送这条短信。
      </p>
    );
  }
  return (
    <p>
      <strong>短信服务</strong>：
      {sms.kind === "log"
        ? "本站目前没有接入短信服务商，验证码只写入本站服务器的运行日志（用于开发和演示），你的手机号不会提供给任何第三方。"
        : "本站目前没有开通短信验证码，验证码登录暂不可用，你的手机号不会提供给任何第三方。"}
    </p>
  );
}
