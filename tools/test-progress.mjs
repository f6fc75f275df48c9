// A node:test reporter that writes one line per finished test file, as it finishes, so a long
// run shows where it is: "[12/151, 2m05s] ok apps/api/dist/openapi/openapi.test.js (14 passed)".
// test-files.mjs adds it beside the TAP reporter, writing to stderr (TAP goes to stdout, read
// whole once the stage ends); LINTEL_TEST_FILES is the number of files of the stage.
import { relative } from "node:path";

const total = process.env.LINTEL_TEST_FILES ?? "?";
const started = Date.now();

function elapsed() {
  const seconds = Math.round((Date.now() - started) / 1000);
  return `${Math.floor(seconds / 60)}m${String(seconds % 60).padStart(2, "0")}s`;
}

/** The reporter: a test:summary with a file is that file's end (the run's own summary has none). */
export default async function* progress(source) {
  let done = 0;
  for await (const event of source) {
    if (event.type !== "test:summary" || event.data.file === undefined) continue;
    done++;
    const { passed, failed, cancelled } = event.data.counts;
    const verdict = failed > 0 || cancelled > 0 || !event.data.success ? "FAILED" : "ok";
    const counts = [`${passed} passed`, failed > 0 ? `${failed} failed` : "", cancelled > 0 ? `${cancelled} cancelled` : ""];
    yield `[${done}/${total}, ${elapsed()}] ${verdict} ${relative(process.cwd(), event.data.file)} (${counts.filter(Boolean).join(", ")})\n`;
  }
}
