/**
 * Seam's own fake of its API (`@seamapi/fake-seam-connect`), started in this process on a free
 * port and reached over loopback HTTP: the Seam adapter's tests, the e2e tests and the
 * `demo:seam` script talk to it exactly as they would talk to Seam (`@lintel/testkit/seam`).
 */
import "./slow-buffer-shim.js"; // first: the fake cannot load on Node 26 without it
import { createServer, request, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { randomUUID } from "node:crypto";
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
  /** The PIN lengths the device takes. */
  readonly supported_code_lengths?: readonly number[];
  /** Its code constraints, as Seam lists them (`{ constraint_type: "no_zeros" }`, …). */
  readonly code_constraints?: readonly { readonly constraint_type: string; readonly min_length?: number; readonly max_length?: number }[];
}

/**
 * An access code as Seam's fake holds it (the fields Lintel sends and reads). The fake keeps
 * `starts_at`/`ends_at` as `new Date(sent).toISOString()` and stores any `code` it is given,
 * without checking its length or that it is digits.
 */
export interface FakeAccessCode {
  readonly access_code_id: string;
  readonly device_id: string;
  readonly name: string;
  /** The PIN. */
  readonly code: string;
  /** `time_bound` when created or last updated with both times, else `ongoing`. */
  readonly type: "time_bound" | "ongoing";
  readonly starts_at?: string | undefined;
  readonly ends_at?: string | undefined;
}

export interface FakeSeam {
  /** SEAM_ENDPOINT for the fake: a loopback URL. */
  readonly endpoint: string;
  /** A SEAM_API_KEY the fake accepts. */
  readonly apiKey: string;
  /** The `device_id` of the August lock the fake seeds itself (`properties.battery.level` only). */
  readonly seededAugustDeviceId: string;
  /** Adds a lock to the key's workspace and returns its Seam `device_id` (a fresh UUID, as Seam's are). */
  addLock(name: string, properties: FakeLockProperties, issues?: Pick<Device, "errors" | "warnings">): string;
  /** Changes a device as its vendor's cloud would report it. */
  updateLock(deviceId: string, properties: FakeLockProperties): void;
  /**
   * Puts a code on the device as someone other than Lintel would: straight into the fake's
   * database, managed by Seam (another client of the workspace) or not (`managed: false`: set in
   * the lock's app or on its keypad, listed by `/access_codes/unmanaged/list`); ongoing unless it
   * has an `ends_at`. Returns its `access_code_id`.
   */
  addAccessCode(
    deviceId: string,
    code: { readonly name: string; readonly code: string; readonly managed: boolean; readonly ends_at?: string | undefined },
  ): string;
  /** The access codes the fake holds on the device, oldest first (read from its database). */
  accessCodesOn(deviceId: string): readonly FakeAccessCode[];
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
        // Seam's ids are UUIDs; the fake counts from 1 in every process, and tests on a shared Redis would share devices.
        device_id: randomUUID(),
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
    addAccessCode(deviceId, { name, code, managed, ends_at }) {
      const times =
        ends_at === undefined
          ? { type: "ongoing" as const }
          : { type: "time_bound" as const, starts_at: new Date(0).toISOString(), ends_at };
      return db().addAccessCode({ workspace_id: workspaceId, device_id: deviceId, name, code, is_managed: managed, ...times })
        .access_code_id;
    },
    accessCodesOn(deviceId) {
      return db()
        .access_codes.filter((accessCode) => accessCode.device_id === deviceId)
        .map((accessCode) => {
          const { access_code_id, device_id, name, code, type } = accessCode as unknown as FakeAccessCode;
          const { starts_at, ends_at } = accessCode as { starts_at?: string; ends_at?: string };
          return {
            access_code_id,
            device_id,
            name,
            code,
            type,
            ...(starts_at === undefined ? {} : { starts_at }),
            ...(ends_at === undefined ? {} : { ends_at }),
          };
        });
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

/** What {@link SeamProxy.failWith} answers instead of forwarding. */
export interface SeamProxyFailure {
  /** The HTTP status, e.g. 503 (Seam unreachable) or 429 (rate-limited). */
  readonly status: number;
  /** A `Retry-After` header to send with it (delta-seconds or an HTTP date). */
  readonly retryAfter?: string | undefined;
  /** Only requests whose path starts with this fail (e.g. `/access_codes/`); all when absent. */
  readonly pathPrefix?: string | undefined;
}

/** One request a {@link SeamProxy} received. */
export interface SeamProxyExchange {
  /** `"METHOD /path"`, as in {@link SeamProxy.requests}. */
  readonly request: string;
  /** The request's body as sent (JSON text for Seam's POSTs; the PIN is in it). */
  readonly body: string;
  /** True once it was sent on to the target (false: answered with a failure, or not yet, or its client gave up during a stall). */
  readonly forwarded: boolean;
}

/** A loopback HTTP proxy in front of Seam (or its fake) that can be told to fail or stall. */
export interface SeamProxy {
  /** SEAM_ENDPOINT through the proxy. */
  readonly endpoint: string;
  /** `"METHOD /path"` of every request the proxy received, oldest first (failed or not). */
  readonly requests: readonly string[];
  /** Every request the proxy received with its body and whether it reached the target, oldest first. */
  readonly exchanges: readonly SeamProxyExchange[];
  /**
   * From now on, answers `failure` (a status, or a status with Retry-After and a path prefix)
   * with a Seam-style JSON error instead of forwarding; `null` forwards again.
   */
  failWith(failure: number | SeamProxyFailure | null): void;
  /**
   * From now on, holds each request `ms` before forwarding it (`null`: at once). A request whose
   * client gave up meanwhile is never forwarded, so a test can tell an aborted request from one that reached Seam.
   */
  stall(ms: number | null): void;
  close(): Promise<void>;
}

/** Starts a {@link SeamProxy} to `target` (e.g. a {@link FakeSeam}'s `endpoint`) on a free loopback port. */
export async function startSeamProxy(target: string): Promise<SeamProxy> {
  const upstream = new URL(target);
  const requests: string[] = [];
  const exchanges: { request: string; body: string; forwarded: boolean }[] = [];
  let failure: SeamProxyFailure | null = null;
  let stallMs: number | null = null;

  const forward = (req: IncomingMessage, res: ServerResponse, body: Buffer, exchange: { forwarded: boolean }) => {
    exchange.forwarded = true;
    const outbound = request(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: { ...req.headers, host: upstream.host } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    outbound.on("error", () => res.destroy());
    outbound.end(body);
  };

  const server = createServer((req, res) => {
    const path = (req.url ?? "/").split("?")[0] ?? "/";
    const line = `${req.method ?? "GET"} ${path}`;
    requests.push(line);
    const exchange = { request: line, body: "", forwarded: false };
    exchanges.push(exchange);
    let gaveUp = false;
    res.on("close", () => (gaveUp = !res.writableFinished));
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      exchange.body = body.toString("utf8");
      // Decided once the body is in: a failure or a stall set meanwhile applies to it.
      if (failure !== null && (failure.pathPrefix === undefined || path.startsWith(failure.pathPrefix))) {
        const { status, retryAfter } = failure;
        res.writeHead(status, { "content-type": "application/json", ...(retryAfter === undefined ? {} : { "retry-after": retryAfter }) });
        res.end(
          JSON.stringify({
            error: { type: status === 429 ? "rate_limited" : "service_unavailable", message: `The proxy answered ${status}.` },
          }),
        );
        return;
      }
      if (stallMs === null) return forward(req, res, body, exchange);
      setTimeout(() => (gaveUp ? req.destroy() : forward(req, res, body, exchange)), stallMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    exchanges,
    failWith(next) {
      failure = typeof next === "number" ? { status: next } : next;
    },
    stall(ms) {
      stallMs = ms;
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}
