// The upgrade of a store that holds webhook secrets in plain text (written before data keys), and
// a data key's rotation, over the memory store and createLintel with a sender that records what
// it sends: plain secrets keep signing; resealSecrets seals them under the first key; after a
// new key is put first, resealing moves them to it, and a Lintel with the new key alone still signs.
// A code's PIN (in the code and in its lock work) is re-sealed under a new first key the same way.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { createLintel } from "@lintel/core";
import type { WebhookRequest, WebhookSender } from "@lintel/core/adapters";
import { checkWebhookSignature, createDataCipher, DataKeyError, randomDataKey, type LintelEvent } from "@lintel/domain/adapters";
import { aLock, anEndpoint, anItem, aUnit, fixture, randomId } from "@lintel/testkit";
import { createMemoryStore } from "./index.js";
import { createSimulatedLockProvider } from "./simulated/simulated-lock-provider.js";

const SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";

/** A Lintel over `store` with `keys`, and what its dispatcher sent. */
function lintelOver(store: ReturnType<typeof createMemoryStore>, keys: Uint8Array[]) {
  const sent: WebhookRequest[] = [];
  const sender: WebhookSender = { refusal: async () => null, send: async (request) => (sent.push(request), { ok: true, status: 204 }) };
  const lintel = createLintel({
    store,
    lockProvider: createSimulatedLockProvider(),
    cursorSecrets: ["s".repeat(32)],
    dataKeys: keys,
    webhookSender: sender,
    webhookDelivery: { pollMs: 10 },
  });
  return { lintel, sent };
}

/** Stores an event of the org through the event log (any change's event does), and waits for one attempt to go out. */
async function deliverOne(store: ReturnType<typeof createMemoryStore>, orgId: string, sent: WebhookRequest[]): Promise<WebhookRequest> {
  const before = sent.length;
  const event = {
    id: randomId("evt"),
    orgId,
    type: "unit.created",
    createdAt: new Date().toISOString(),
    data: { unit: { id: "u1", urlKey: "a", address: "A", timeZone: null, version: 1 } },
  } as LintelEvent;
  const unit = {
    id: randomId("unit"),
    orgId,
    urlKey: randomId("k").toLowerCase().replace(/_/g, "-"),
    address: "A",
    timeZone: null,
    version: 1,
  };
  assert.equal((await store.units.createUnit(unit, event)).ok, true);
  for (let waited = 0; sent.length === before && waited < 3000; waited += 10) await new Promise((r) => setTimeout(r, 10));
  const request = sent.at(-1);
  assert.ok(request !== undefined && sent.length > before, "an attempt went out");
  return request;
}

const signedWith = (request: WebhookRequest, secret: string) =>
  checkWebhookSignature(
    {
      id: request.headers["webhook-id"] ?? "",
      timestamp: request.headers["webhook-timestamp"] ?? "",
      body: request.body,
      signatureHeader: request.headers["webhook-signature"] ?? "",
    },
    secret,
    Math.floor(Date.now() / 1000),
  ).ok;

describe("secrets at rest: upgrading a store with plain secrets, and rotating the data key", () => {
  it("plain secrets keep signing, resealSecrets seals them, and a rotated key takes them over", async () => {
    const store = createMemoryStore();
    const orgId = randomId("org");
    const endpoint = anEndpoint(orgId, ["*"], 0, { secret: SECRET });
    assert.deepEqual(await store.webhooks.create(endpoint, 16), { ok: true }); // as a store written before data keys holds it
    const [oldKey, newKey] = [randomDataKey(), randomDataKey()];

    const upgraded = lintelOver(store, [oldKey]);
    assert.ok(signedWith(await deliverOne(store, orgId, upgraded.sent), SECRET), "a plain secret still signs");
    assert.equal(await upgraded.lintel.resealSecrets(), 1);
    const sealed = (await store.webhooks.get(orgId, endpoint.id))?.secret ?? "";
    assert.match(sealed, /^enc1\./);
    assert.ok(!sealed.includes(SECRET.slice(6)));
    assert.ok(signedWith(await deliverOne(store, orgId, upgraded.sent), SECRET), "sealed, it signs the same");
    assert.equal(await upgraded.lintel.resealSecrets(), 0, "nothing left plain");
    await upgraded.lintel.close();

    const missingKey = lintelOver(store, [newKey]);
    await assert.rejects(missingKey.lintel.resealSecrets(), DataKeyError, "a secret sealed under a key not given stops the run");
    await missingKey.lintel.close();
    assert.equal((await store.webhooks.get(orgId, endpoint.id))?.secret, sealed, "and changes nothing");

    const rotating = lintelOver(store, [newKey, oldKey]);
    assert.equal(await rotating.lintel.resealSecrets(), 1, "moved under the new first key");
    await rotating.lintel.close();
    const newOnly = lintelOver(store, [newKey]);
    assert.ok(signedWith(await deliverOne(store, orgId, newOnly.sent), SECRET), "the old key can go");
    await newOnly.lintel.close();
  });

  it("a code's PIN, in the code and in its lock work, is re-sealed under a new first key, and its tag with it", async () => {
    const PIN = "73910428";
    const store = createMemoryStore();
    const orgId = randomId("org");
    const unit = aUnit(orgId);
    const lock = aLock(orgId, { unitIds: [unit.id] });
    const code = anItem(unit, "code", { lockId: lock.lockId, code: PIN });
    const [oldKey, newKey] = [randomDataKey(), randomDataKey()];
    let at = Date.now() + 86_400_000;
    const stored = async () => {
      const item = await store.units.getItem(orgId, unit.id, "code", code.id);
      // A lease is the outbox's one read of work: no worker runs here, so it is still there.
      const [leased] = await store.lockCodes.lease((at += 60_000), 1, 10);
      assert.equal(leased?.work.codeId, code.id, "the load wrote the code's work");
      return { item: item?.code ?? "", work: leased?.work.code ?? "" };
    };

    const first = lintelOver(store, [oldKey]);
    await first.lintel.loadFixture(fixture({ orgs: [{ id: orgId, name: "Org" }], units: [unit], locks: [lock], items: [code] }));
    const before = await stored();
    for (const sealed of [before.item, before.work]) {
      assert.match(sealed, /^enc1\./);
      assert.ok(!sealed.includes(PIN));
      assert.equal(createDataCipher([oldKey]).open(sealed), PIN);
    }
    const holders = (keys: Uint8Array[]) => store.tours.pinHolders(orgId, lock.lockId, createDataCipher(keys).pinTags(PIN));
    const filed = [{ unitId: unit.id, codeId: code.id }];
    assert.deepEqual(await holders([oldKey]), filed, "the load filed the code under its PIN's tag");
    assert.deepEqual(await holders([newKey]), [], "a tag is the key's own");
    assert.deepEqual(await holders([newKey, oldKey]), filed, "a ring checks every key's tag");
    assert.equal(await first.lintel.resealSecrets(), 0, "already under the first key");
    await first.lintel.close();

    const missingKey = lintelOver(store, [newKey]);
    await assert.rejects(missingKey.lintel.resealSecrets(), DataKeyError, "a PIN sealed under a key not given stops the run");
    await missingKey.lintel.close();
    assert.deepEqual(await stored(), before, "and changes nothing");

    const rotating = lintelOver(store, [newKey, oldKey]);
    assert.equal(await rotating.lintel.resealSecrets(), 2, "the code and its work, moved under the new first key");
    assert.equal(await rotating.lintel.resealSecrets(), 0, "nothing left to move");
    await rotating.lintel.close();
    const after = await stored();
    for (const sealed of [after.item, after.work]) {
      assert.ok(createDataCipher([newKey]).sealedUnderFirst(sealed));
      assert.equal(createDataCipher([newKey]).open(sealed), PIN, "the old key can go");
    }
    assert.deepEqual(await holders([newKey]), filed, "re-tagged under the new first key: the old key can go");
  });
});
