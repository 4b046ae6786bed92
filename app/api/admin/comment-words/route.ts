import { actorOf } from "@/lib/admin/audit";
import { addWord, listWords, removeWord } from "@/lib/admin/comments";
import { wordBody, wordQuery } from "@/lib/admin/comments-schema";
import { json, methodNotAllowed, ok, route } from "@/lib/api/route";
import { getDb } from "@/lib/db";

// GET /api/admin/comment-words – the sensitive-word list: { items: [{ word, created_at }], total }
export const GET = route({ auth: "admin" }, async () => json(await listWords(await getDb())));

// POST /api/admin/comment-words { word } – add a word (a comment containing it waits for review): { data: { word, added } }
export const POST = route({ auth: "admin", body: wordBody, bodyLimit: 4 * 1024 }, async ({ user, body }) => ok(await addWord({ db: await getDb(), actor: actorOf(user), word: body.word })));

// DELETE /api/admin/comment-words?word=… – remove a word: { data: { word, removed } }
export const DELETE = route({ auth: "admin", query: wordQuery }, async ({ user, query }) => ok(await removeWord({ db: await getDb(), actor: actorOf(user), word: query.word })));

export const { PUT, PATCH, OPTIONS } = methodNotAllowed({ GET, POST, DELETE });
