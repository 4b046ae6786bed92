// Summary constants shared by the server and the browser. Kept apart from schema.ts so that client
// components importing them do not pull zod and the database schema into the page's JavaScript.

export const METHOD_NAMES = { quick: "快速总结", detailed: "详细总结", knowledge: "知识点", storyboard: "分镜脚本" } as const;
