// SPEC 2's failed-key budget per client address, with the socket's own address (no TRUST_PROXY),
// as behind a load balancer or a NAT: requests come from several loopback addresses (Linux routes
// all of 127/8 to lo), one client's bad keys spend its address's budget, and the keys this server
// has found good lately keep working from that address; an unseen one does not; another address
// is untouched; FAILED_KEY_LIMIT sets the budget.
import assert from "node:assert/strict";
import { randomInt } from "node:crypto";
import { request } from "node:http";
import { after, before, describe, it } from "node:test";
import { generateApiKey } from "@lintel/domain";
import { startServer, type RunningServer } from "../server.js";
import { testConfig, testFixture } from "./e2e.test-support.js";

interface Reply {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: { code?: string };
}

/** GET `path` from a client socket bound to `localAddress`, with `apiKey` (none when empty). */
function getFrom(base: string, localAddress: string, path: string, apiKey: string): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const sent = request(
      new URL(path, base),
      { localAddress, headers: apiKey === "" ? {} : { "x-api-key": apiKey }, agent: false },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (text += chunk));
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: JSON.parse(text) as Reply["body"] }),
        );
      },
    );
    sent.on("error", reject);
    sent.end();
  });
}

/** A loopback address of its own (not 127.0.0.1), so runs on a shared Redis never share a budget. */
function loopbackAddress(): string {
  return `127.${randomInt(1, 255)}.${randomInt(256)}.${randomInt(1, 255)}`;
}

const FAILED_KEY_LIMIT = 5;

describe("e2e: failed keys from a shared address (the socket's, no TRUST_PROXY)", () => {
  const fixture = testFixture();
  let server: RunningServer;
  before(async () => {
    server = await startServer(testConfig({ TRUST_PROXY: "false", FAILED_KEY_LIMIT: `${FAILED_KEY_LIMIT}/60` }), { fixture: fixture.json });
  });
  after(() => server.close());

  it("bad keys from address A refuse only unseen keys from A; a key found good before still gets 200 from A; B is unaffected", async () => {
    const [a, b] = [loopbackAddress(), loopbackAddress()];
    const { admin, orgB, locksOnly } = fixture.keys;
    const from = (address: string, apiKey: string) => getFrom(server.url, address, "/v1/locks?limit=1", apiKey);

    assert.equal((await from(a, admin)).status, 200, "admin is found good, from A");
    for (let i = 0; i < FAILED_KEY_LIMIT; i++) {
      const bad = await from(a, generateApiKey());
      assert.equal(bad.status, 401, `failed attempt ${i + 1} of FAILED_KEY_LIMIT`);
      assert.equal(bad.headers["www-authenticate"], 'ApiKey header="x-api-key"');
    }
    const spent = await from(a, generateApiKey());
    assert.equal(spent.status, 429, `past FAILED_KEY_LIMIT=${FAILED_KEY_LIMIT}/60 the address is refused`);
    assert.equal(spent.body.code, "rate_limited");
    assert.ok(Number(spent.headers["retry-after"]) >= 1);

    const known = await from(a, admin);
    assert.equal(known.status, 200, "a key found good within 10 minutes is not locked out");
    assert.ok(known.headers["ratelimit"] !== undefined);
    const unseen = await from(a, orgB);
    assert.equal(unseen.status, 429, "a valid key this server has not found good yet is refused from A");
    assert.equal(unseen.body.code, "rate_limited");
    assert.equal(unseen.headers["ratelimit"], undefined, "and not looked up");

    assert.equal((await from(b, orgB)).status, 200, "address B is unaffected");
    assert.equal((await from(b, generateApiKey())).status, 401, "B's own failed-key budget is untouched");
    assert.equal((await from(a, orgB)).status, 200, "found good from B, orgB now passes from A as well");
    assert.equal((await from(a, locksOnly)).status, 429, "another unseen key from A is still refused");
  });

  it('every 401 carries WWW-Authenticate: ApiKey header="x-api-key" (missing, malformed, unknown, expired, revoked key); other answers do not', async () => {
    const address = loopbackAddress();
    const { keys } = fixture;
    for (const [name, apiKey] of [
      ["missing", ""],
      ["malformed", "lnt_nope"],
      ["unknown", generateApiKey()],
      ["expired", keys.expired],
      ["revoked", keys.revoked],
    ] as const) {
      const answer = await getFrom(server.url, address, "/v1/locks", apiKey);
      assert.equal(answer.status, 401, name);
      assert.equal(answer.headers["www-authenticate"], 'ApiKey header="x-api-key"', name);
    }
    // From another address: the five 401s above spent this one's budget of FAILED_KEY_LIMIT.
    const forbidden = await getFrom(server.url, loopbackAddress(), "/v1/templates/list_message_templates", keys.locksOnly);
    assert.equal(forbidden.status, 403);
    assert.equal(forbidden.headers["www-authenticate"], undefined);
  });
});
