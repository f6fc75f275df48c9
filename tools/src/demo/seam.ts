#!/usr/bin/env node
// `npm run -s demo:seam [-- --serve]`: live lock state through Seam, locally. Starts Seam's own
// fake (@seamapi/fake-seam-connect) on a loopback port, adds two locks to it, serves the demo
// data with SEAM_API_KEY/SEAM_ENDPOINT pointing at the fake (the demo's lock_001, a Yale lock,
// and lock_002, a Schlage one, are those devices), reads their state over HTTP and prints it.
// With --serve it keeps both running for your own curl until Ctrl-C.
import { loadConfig, startServer } from "@lintel/server";
import { demoFixture, DEMO_KEYS } from "@lintel/server/demo";
import { startFakeSeam } from "@lintel/testkit/seam";

const serve = process.argv.includes("--serve");
const fake = await startFakeSeam();
const devices: Record<string, string> = {
  lock_001: fake.addLock("Front door", { locked: true, door_open: false, online: true, battery_level: 0.87 }),
  lock_002: fake.addLock("Back door", { locked: false, door_open: true, online: true, battery_level: 0.31 }),
};
type DemoLock = { lockId: string; provider: string; providerDeviceId: string };
const fixture = demoFixture();
const locks = (fixture["locks"] as DemoLock[]).map((lock) =>
  devices[lock.lockId] ? { ...lock, providerDeviceId: devices[lock.lockId] } : lock,
);

const loading = loadConfig({ SEAM_API_KEY: fake.apiKey, SEAM_ENDPOINT: fake.endpoint, LOG_LEVEL: "warn", PORT: serve ? "3000" : "" });
if (!loading.ok) throw new Error(loading.errors.join("\n"));
const server = await startServer({ ...loading.config, port: serve ? loading.config.port : 0 }, { fixture: { ...fixture, locks } });
const key = DEMO_KEYS[0]?.key ?? "";

console.log(`Seam's fake: ${fake.endpoint}   Lintel: ${server.url} (SEAM_ENDPOINT=${fake.endpoint})\n`);
for (const lockId of Object.keys(devices)) {
  const lock = locks.find((l) => l.lockId === lockId);
  const answer = await fetch(`${server.url}/v1/locks/${lockId}/state`, { headers: { "x-api-key": key } });
  console.log(`GET /v1/locks/${lockId}/state   (${lock?.provider}, Seam device ${devices[lockId]}) → ${answer.status}`);
  console.log(JSON.stringify(await answer.json(), null, 2), "\n");
}

if (serve) {
  console.log(`Serving until Ctrl-C. Try:\n  curl -s -H 'x-api-key: ${key}' '${server.url}/v1/locks/lock_001/state'`);
  process.once("SIGINT", () => void Promise.all([server.close(), fake.close()]).then(() => process.exit(0)));
} else {
  await server.close();
  await fake.close();
}
