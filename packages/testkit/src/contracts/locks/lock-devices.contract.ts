import assert from "node:assert/strict";
import type { Lock } from "@lintel/domain";
import { DEVICE_LOCKS_LIMIT, type FixtureSink, type LockDevices } from "@lintel/core/adapters";
import { aLock, eachTestStore, fixture, randomId, type Closable } from "../seeds/seed.js";
import { nodeTestRunner, type TestRunner } from "../seeds/runner.js";

type Store = { devices: LockDevices; fixtures: FixtureSink } & Closable;

const orgsOf = (...ids: string[]) => ids.map((id) => ({ id, name: "Org" }));
const byOrgThenId = (a: Lock, b: Lock) =>
  a.orgId < b.orgId ? -1 : a.orgId > b.orgId ? 1 : a.lockId < b.lockId ? -1 : a.lockId > b.lockId ? 1 : 0;

/** The contract of {@link LockDevices}: the active locks of a device id across orgs, as fixture loads wrote them. */
export function describeLockDevicesContract(name: string, makeStore: () => Promise<Store>, runner: TestRunner = nodeTestRunner): void {
  const { describe, it } = runner;
  describe(`${name}: LockDevices contract`, () => {
    const store = eachTestStore(makeStore, runner);
    const found = async (deviceId: string) => store().devices.activeByProviderDevice(deviceId);

    it("finds the device's active locks across orgs, by orgId then lockId, every field as loaded", async () => {
      const [a, b] = [randomId("org"), randomId("org")];
      const device = randomId("dev");
      const locks = [
        aLock(a, { providerDeviceId: device, provider: "august" }),
        aLock(b, { providerDeviceId: device }),
        aLock(b, { providerDeviceId: device, model: "Assure 2" }),
      ];
      const other = aLock(a);
      await store().fixtures.load(fixture({ orgs: orgsOf(a, b), locks: [...locks, other] }));
      assert.deepEqual(await found(device), [...locks].sort(byOrgThenId));
      assert.deepEqual(await found(other.providerDeviceId), [other]);
    });

    it("leaves inactive locks out", async () => {
      const orgId = randomId("org");
      const device = randomId("dev");
      const active = aLock(orgId, { providerDeviceId: device });
      const inactive = aLock(orgId, { providerDeviceId: device, status: "inactive" });
      await store().fixtures.load(fixture({ orgs: orgsOf(orgId), locks: [active, inactive] }));
      assert.deepEqual(await found(device), [active]);
    });

    it("answers an unknown device with nothing", async () => {
      assert.deepEqual(await found(randomId("dev")), []);
    });

    it("a load keeps the stored lock's device id, whatever the fixture says", async () => {
      const orgId = randomId("org");
      const lock = aLock(orgId);
      await store().fixtures.load(fixture({ orgs: orgsOf(orgId), locks: [lock] }));
      const other = { ...lock, providerDeviceId: randomId("dev") };
      await store().fixtures.load(fixture({ locks: [other] }));
      assert.deepEqual(await found(lock.providerDeviceId), [lock]);
      assert.deepEqual(await found(other.providerDeviceId), []);
    });

    it(`answers at most ${DEVICE_LOCKS_LIMIT} locks`, async () => {
      const orgId = randomId("org");
      const device = randomId("dev");
      const locks = Array.from({ length: DEVICE_LOCKS_LIMIT + 5 }, () => aLock(orgId, { providerDeviceId: device }));
      await store().fixtures.load(fixture({ orgs: orgsOf(orgId), locks }));
      assert.deepEqual(await found(device), [...locks].sort(byOrgThenId).slice(0, DEVICE_LOCKS_LIMIT));
    });
  });
}
