/**
 * The start-up banner: where the server listens, which store serves and on which Node and,
 * with the demo data, the demo keys and curl commands that work as printed (the last two show
 * a provider's 503s).
 */
import { countOutcomes, type FixtureLoadReport } from "@lintel/core";
import type { StoreConfig } from "./config.js";
import { DEMO_KEYS, DEMO_TOUR_LOCK, DEMO_TOUR_UNIT, demoTourTimes } from "./demo-fixture.js";

/** A Redis URL without its user name, password and query (the banner goes to logs and terminals). */
function withoutCredentials(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.username = "";
    parsed.password = "";
    parsed.search = "";
    return parsed.href.replace(/\/$/, "");
  } catch {
    return url.replace(/\/\/[^@/]*@/, "//").replace(/\?.*$/, "");
  }
}

/** Which store serves: memory, or Redis by its URL (no credentials) or its cluster nodes. */
export function storeDescription(store: StoreConfig): string {
  if (store.kind === "memory") return "memory (this process only; nothing is kept across restarts)";
  // As createRedisClient decides: cluster nodes, when given, win over a URL.
  if (store.clusterNodes !== undefined && store.clusterNodes.length > 0) return `redis cluster ${store.clusterNodes.join(",")}`;
  return `redis ${withoutCredentials(store.url ?? "redis://127.0.0.1:6379")}`;
}

/**
 * The banner for a server at `url` on `store` whose fixture came from `fixtureSource` and
 * loaded as `report` says, run by Node `nodeVersion`.
 */
export function bannerText(
  url: string,
  fixtureSource: string,
  store: StoreConfig,
  report: FixtureLoadReport | null = null,
  nodeVersion: string = process.version,
  demoTourId: string | null = null,
  nowMs: number = Date.now(),
): string {
  const lines = [
    `Lintel is listening on ${url}`,
    `  docs: ${url}/docs   OpenAPI: ${url}/v1/openapi.json`,
    `  store: ${storeDescription(store)}   Node.js ${nodeVersion}`,
  ];
  if (fixtureSource !== "demo") {
    lines.push(fixtureSource === "none" ? "  no fixture loaded" : `  fixture: ${fixtureSource}`);
    if (report !== null) {
      const { added, kept } = countOutcomes(report);
      const note = kept === 0 ? "" : `; ${kept} the store already had left as they are`;
      lines.push(`  ${added} records added${note}`);
    }
    return lines.join("\n");
  }
  lines.push("", "Demo keys (built-in demo data; FIXTURE=<file> replaces it):");
  for (const key of DEMO_KEYS) {
    const note = key.usable ? key.scopes.join(" ") : "(refused: 401)";
    lines.push(`  ${key.key}  ${key.orgId.padEnd(10)} ${key.name} — ${note}`);
  }
  const admin = DEMO_KEYS[0]?.key ?? "";
  lines.push(
    "",
    "Try:",
    `  curl -s -H 'x-api-key: ${admin}' '${url}/v1/units/list_units?limit=5'`,
    `  curl -s -H 'x-api-key: ${admin}' '${url}/v1/units/list_schedule?unitIdOrKey=chicago-loft&limit=5'`,
    `  curl -s -H 'x-api-key: ${admin}' '${url}/v1/locks?limit=5'`,
    `  curl -s -H 'x-api-key: ${admin}' '${url}/v1/templates/get_message_template?templateId=tpl_welcome'`,
    `  curl -s -H 'x-api-key: ${admin}' '${url}/v1/units/preview_timezone_change?unitIdOrKey=chicago-loft&proposedTimeZone=Europe/Berlin'`,
    `  curl -s -H 'x-api-key: ${admin}' '${url}/v1/locks/lock_shared_gate/state'   # live state (simulated provider)`,
    `  curl -s -H 'x-api-key: ${admin}' '${url}/v1/locks/lock_001/state'   # a Yale lock: 503 until SEAM_API_KEY is set`,
    `  curl -s -H 'x-api-key: ${admin}' '${url}/v1/locks/lock_unreachable/state'   # 503 after LOCK_PROVIDER_TIMEOUT_MS`,
  );
  const post = (path: string, body: unknown, note: string) =>
    `  curl -s -X POST -H 'x-api-key: ${admin}' -H 'content-type: application/json' '${url}${path}' -d '${JSON.stringify(body)}'   # ${note}`;
  const booking = demoTourTimes(nowMs, 14);
  lines.push(
    "",
    "Tours (a code on the shared gate, made, moved and revoked with its tour):",
    post(
      "/v1/tours/book_tour",
      { unitIdOrKey: DEMO_TOUR_UNIT, lockId: DEMO_TOUR_LOCK, ...booking, prospect: { name: "Ada" } },
      "book one (201)",
    ),
  );
  if (demoTourId !== null) {
    const later = demoTourTimes(nowMs + 86_400_000, 17);
    lines.push(
      `  curl -s -H 'x-api-key: ${admin}' '${url}/v1/tours/get_tour?tourId=${demoTourId}'   # the demo's booked tour`,
      post("/v1/tours/reschedule_tour", { tourId: demoTourId, ...later }, "move it, its code and its reminder"),
      post("/v1/tours/cancel_tour", { tourId: demoTourId, reason: "Demo over" }, "cancel it: its code leaves the lock"),
    );
  }
  return lines.join("\n");
}
