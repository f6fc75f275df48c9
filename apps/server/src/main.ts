/**
 * The server process as `node dist/main.js` runs it (the Dockerfile, the systemd unit, `npm
 * start`): the same as `lintel serve` (serve.ts).
 */
import { serve } from "./serve.js";

await serve();
