// SQL on the e2e server's embedded database, through the socket it shares (see app-server.ts): what an operator
// would do by hand, and what a journey needs that no screen offers (an article of its own, an edit behind the app).
import { resolve } from "node:path";
import pg from "pg";
import { dataDirOf } from "./app-server";

/** Runs one statement on the database of the server at baseURL; its rows. */
export async function onServerDb<T extends pg.QueryResultRow>(baseURL: string, text: string, values: unknown[] = []) {
  const client = new pg.Client({ host: resolve(dataDirOf(new URL(baseURL).port)), port: 5432, user: "postgres", database: "postgres" });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}
