import type { Metadata } from "next";
import { Link } from "@/components/ui/link";
import { LegalPage, OperatorLine } from "@/components/legal/legal-page";
import { policyFacts } from "@/lib/privacy/policy";

// 用户协议: the rules of using 拾阅, agreed to together with the 隐私政策 at registration and code sign-in.

export const metadata: Metadata = {
  title: "用户协议",
  description: "使用拾阅的规则：账号、内容来源与版权、AI 生成内容、禁止的行为和协议的变更。",
  alternates: { canonical: "/terms" },
};

export default function TermsPage() {
  const facts = policyFacts();
  return (
    <LegalPage title="拾阅用户协议" facts={facts}>
      <OperatorLine facts={facts} />
      <p>
        本协议是你与我们之间关于使用拾阅的约定。注册账号或以手机验证码登录前，请阅读本协议和<Link href="/privacy">《隐私政策》</Link>
        ；勾选同意即表示你接受它们。
      </p>

      <h2>一、服务内容</h2>
      <p>
        拾阅从外部平台收集优质短文，提供浏览、搜索、AI 问答和“智能总结”（把文章、视频或播客链接总结成要点）等功能。部分功能需要登录：点赞、收藏、浏览历史、总结历史和个性化推荐。
      </p>

      <h2>二、账号</h2>
      <ul>
        <li>你可以用用户名和密码注册，也可以用手机号和验证码登录（新手机号会自动创建账号）。请妥善保管密码，不要把验证码告诉任何人。</li>
        <li>账号仅限你本人使用，不得出借、转让或出售。</li>
        <li>你可以随时在“我的账号”页注销账号，注销后账号及其数据立即删除、无法恢复。</li>
      </ul>

      <h2>三、内容来源与版权</h2>
      <p>
        文章的版权属于原作者和来源平台。每篇文章都标明来源平台和作者，并提供原文链接。如果你认为某篇内容侵犯了你的权利，请通过本协议开头的联系方式告诉我们，我们核实后会及时处理。
      </p>

      <h2>四、AI 生成的内容</h2>
      <p>
        AI 问答的回答和智能总结的结果由人工智能生成，可能不准确、不完整或与原文有出入，仅供参考，不构成任何专业意见。涉及医疗、法律、投资等重要决定时，请以原文和专业人士的意见为准。
      </p>

      <h2>五、你不可以做的事</h2>
      <ul>
        <li>批量注册账号、冒用他人手机号，或以任何方式滥用短信验证码；</li>
        <li>使用程序大量抓取、刷量，或干扰、攻击本站的服务器和网络；</li>
        <li>通过智能总结提交违法违规内容的链接，或试图诱导 AI 生成违法违规内容；</li>
        <li>其他违反法律法规、公序良俗或侵犯他人合法权益的行为。</li>
      </ul>
      <p>出现上述情形时，我们可以限制相关功能或停用账号。</p>

      <h2>六、服务的变更与中断</h2>
      <p>
        我们会尽力保持服务稳定，但可能因维护、升级或不可抗力暂停部分功能。外部平台的内容可能被原作者修改或删除，我们无法保证原文链接始终可用。
      </p>

      <h2>七、协议的变更</h2>
      <p>本协议更新时，我们会在本页更新日期，重要变化会在生效前在本站显著位置告知你。</p>

      <h2>八、法律适用</h2>
      <p>本协议适用中华人民共和国法律（不含港澳台地区法律）。因本协议产生的争议，双方应友好协商解决；协商不成的，提交运营者所在地有管辖权的人民法院解决。</p>
    </LegalPage>
  );
}
