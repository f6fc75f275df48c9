/**
 * Seam's own fake of its API (`@seamapi/fake-seam-connect`), started in this process on a free
 * port and reached over loopback HTTP: the Seam adapter's tests, the e2e tests and the
 * `demo:seam` script talk to it exactly as they would talk to Seam (`@lintel/testkit/seam`).
 */
import "./slow-buffer-shim.js"; // first: the fake cannot load on Node 26 without it
import { createFake } from "@seamapi/fake-seam-connect";
import type { Device } from "@seamapi/http";

/** The device properties a test sets (a subset of Seam's). */
export interface FakeLockProperties {
  readonly locked?: boolean;
  readonly door_open?: boolean;
  readonly online?: boolean;
  readonly battery_level?: number;
  /**
   * Seam's other battery report. The fake gives every device `{ level: 1, status: "full" }`
   * unless told otherwise; `undefined` (in {@link FakeSeam.updateLock}) takes it away.
   */
  readonly battery?: { readonly level: number; readonly status: "critical" | "low" | "good" | "full" } | undefined;
}

export interface FakeSeam {
  /** SEAM_ENDPOINT for the fake: a loopback URL. */
  readonly endpoint: string;
  /** A SEAM_API_KEY the fake accepts. */
  readonly apiKey: string;
  /** The `device_id` of the August lock the fake seeds itself (`properties.battery.level` only). */
  readonly seededAugustDeviceId: string;
  /** Adds a lock to the key's workspace and returns its Seam `device_id`. */
  addLock(name: string, properties: FakeLockProperties, issues?: Pick<Device, "errors" | "warnings">): string;
  /** Changes a device as its vendor's cloud would report it. */
  updateLock(deviceId: string, properties: FakeLockProperties): void;
  /** Every `/devices/get` of the workspace answers 503 until {@link recover}. */
  simulateOutage(): void;
  recover(): void;
  close(): Promise<void>;
}

/** Starts Seam's fake, seeded with its default workspace, on a free loopback port. */
export async function startFakeSeam(): Promise<FakeSeam> {
  const fake = await createFake();
  const seed = await fake.seed();
  const server = await fake.startServer();
  const db = () => fake.database;
  const workspaceId = seed.seed_workspace_1;
  return {
    endpoint: `http://127.0.0.1:${server.port}`,
    apiKey: seed.seam_apikey1_token,
    seededAugustDeviceId: seed.august_device_1,
    addLock(name, properties, issues) {
      const device = db().addDevice({
        device_type: "august_lock",
        name,
        workspace_id: workspaceId,
        connected_account_id: seed.john_connected_account_id,
        properties: { name, ...properties },
        ...(issues ?? {}),
      });
      return device.device_id;
    },
    updateLock(deviceId, properties) {
      db().updateDevice({ device_id: deviceId, properties });
    },
    simulateOutage() {
      db().simulateWorkspaceOutage(workspaceId, { routes: ["/devices/get"] });
    },
    recover() {
      db().simulateWorkspaceOutageRecovery(workspaceId);
    },
    close: () => fake.stopServer(),
  };
}
