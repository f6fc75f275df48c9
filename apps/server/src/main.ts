/**
 * The server process as `node dist/main.js` runs it (the Dockerfile, the systemd unit, `npm
 * start`): the same as `lintel serve` (serve.js).
 */
import { serve } from "./serve.js";

await serve();
