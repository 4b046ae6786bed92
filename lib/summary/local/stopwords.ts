// Words that carry no topic: left out of sentence similarity and keywords (single characters are left
// out anyway). Short on purpose: jieba's search mode already splits most function words off.
const ZH = `
的话 一个 一些 一种 一样 一起 一直 一下 一般 一边 一切 不是 不会 不能 不要 不过 不仅 不同 之后 之前 之间 也是 也有
了解 于是 人们 什么 今天 以及 以后 以前 但是 何时 作为 你们 使得 例如 依然 便是 俺们 像是 全部 其中 其他 其它 其实
具有 再次 几乎 出来 分别 则是 刚才 别的 到了 前面 十分 却是 即使 又是 反而 发现 各种 同时 后来 后面 否则 哪里 哪些
因为 因此 因而 在于 地方 大家 她们 如何 如果 如此 始终 它们 对于 就是 尤其 已经 并且 并不 开始 当然 当时 形成 很多
得到 必须 怎么 总是 您们 我们 或者 或是 所以 所有 所谓 才能 把握 按照 接着 是否 时候 显然 更加 有些 有的 有时 来说
来自 此外 比如 没有 然后 然而 特别 现在 甚至 由于 的确 目前 直接 相当 看到 看看 真的 知道 确实 而且 而是 而言 能够
自己 虽然 觉得 认为 让人 许多 起来 还是 还有 这个 这些 这是 这样 这种 这里 进行 通过 那个 那些 那么 那样 那里 部分
都是 需要 非常 以上 以下 可以 可能 只是 只有 只要 他们 她们 而已 之一 之类 为了 从而 除了 关于 至于 一方面 另一方面
`;

const EN = `
the and for are but not you all any can had her was one our out has have him his how its may new now
old see two who did get let put say she too use that with this from they will would there their what
about which when make like time just know take into your some could them than then look only come over
also back after first well even want because these give most been were is it in on of to a an as at be
by or if so we do no up he me my
`;

export const STOPWORDS: ReadonlySet<string> = new Set([...ZH.split(/\s+/), ...EN.split(/\s+/)].filter(Boolean));
