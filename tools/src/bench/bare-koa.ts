/**
 * The baseline of `ratio.js`: Koa 3 + @koa/router and nothing else, serving the very status,
 * headers and bytes Lintel answered for each benchmarked path (recorded in a JSON file). What
 * Lintel costs beyond this is its own work: admission, the store, the operation, serializing.
 *
 *   node tools/dist/bench/bare-koa.js <answers.json> <port>
 */
import { readFileSync } from "node:fs";
import Koa from "koa";
import Router from "@koa/router";

/** One recorded answer, for GET `route` (a @koa/router path). */
export interface RecordedAnswer {
  readonly route: string;
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly body: string;
}

const [answersPath, port] = process.argv.slice(2);
const answers = JSON.parse(readFileSync(answersPath ?? "", "utf8")) as RecordedAnswer[];
const router = new Router();
for (const answer of answers) {
  const body = Buffer.from(answer.body);
  router.get(answer.route, (ctx) => {
    ctx.status = answer.status;
    ctx.set(answer.headers);
    ctx.body = body;
  });
}
const app = new Koa();
app.use(router.routes());
app.listen(Number(port), "127.0.0.1", () => console.log(`bare Koa listening on ${port}`));
