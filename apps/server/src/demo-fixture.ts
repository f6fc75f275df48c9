/**
 * The built-in demo data, loaded in memory mode when no FIXTURE is given: the records of the
 * OpenAPI examples (`exampleRecords` of `@lintel/api`: two orgs, units in several zones, items
 * around DST edges, 50+ locks of real vendors, read through Seam when SEAM_API_KEY is set, else
 * a 503 naming it, and simulated ones, templates) and keys for every scope set. Generated in
 * code and deterministic (keys come from a seeded PRNG), so the banner's curl commands always
 * work. It is a fixture file's JSON: it goes through the same `parseFixture` as FIXTURE=<file>.
 * With it, the demo books one tour (`bookDemoTour`), whose id the banner's curl lines name.
 */
import { generateApiKey, SCOPES, type Scope } from "@lintel/domain";
import { exampleRecords } from "@lintel/api";
import type { Lintel } from "@lintel/core";

/** A key of the demo, for the banner. */
export interface DemoKey {
  readonly id: string;
  readonly orgId: string;
  readonly name: string;
  readonly scopes: readonly Scope[];
  readonly key: string;
  /** False for the expired and the revoked demo key. */
  readonly usable: boolean;
}

/** mulberry32: a tiny seeded PRNG, good enough to make stable demo keys. */
function seededIndex(seed: number): (n: number) => number {
  let state = seed >>> 0;
  return (n) => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n);
  };
}

const ACME = "org_acme";
const GLOBEX = "org_globex";

// prettier-ignore
const KEY_SPECS = [
  { id: "key_acme_admin", orgId: ACME, name: "Acme admin (all scopes)", scopes: SCOPES },
  { id: "key_acme_locks", orgId: ACME, name: "Acme lock reader (locks:read only)", scopes: ["locks:read"] },
  { id: "key_acme_state", orgId: ACME, name: "Acme lock monitor", scopes: ["locks:read", "lock-state:read"] },
  { id: "key_acme_messages", orgId: ACME, name: "Acme messaging", scopes: ["messages:read"] },
  { id: "key_acme_scheduler", orgId: ACME, name: "Acme scheduler", scopes: ["units:write"] },
  { id: "key_globex_admin", orgId: GLOBEX, name: "Globex admin (all scopes)", scopes: SCOPES },
  { id: "key_acme_expired", orgId: ACME, name: "Acme expired key", scopes: SCOPES, expiresAt: "2025-01-01T00:00:00.000Z" },
  { id: "key_acme_revoked", orgId: ACME, name: "Acme revoked key", scopes: SCOPES, revokedAt: "2025-06-01T00:00:00.000Z" },
] as const satisfies readonly { id: string; orgId: string; name: string; scopes: readonly Scope[]; expiresAt?: string; revokedAt?: string }[];

/** The demo keys, in a fixed order; the same on every run. */
export const DEMO_KEYS: readonly DemoKey[] = KEY_SPECS.map((spec, index) => ({
  id: spec.id,
  orgId: spec.orgId,
  name: spec.name,
  scopes: spec.scopes,
  key: generateApiKey(seededIndex(0x11e7e1 + index)),
  usable: !("expiresAt" in spec) && !("revokedAt" in spec),
}));

/** The demo fixture as fixture-file JSON. */
export function demoFixture(): Record<string, unknown> {
  return {
    ...exampleRecords(),
    apiKeys: DEMO_KEYS.map((key, index) => {
      const spec = KEY_SPECS[index];
      return {
        id: key.id,
        orgId: key.orgId,
        name: key.name,
        key: key.key,
        scopes: [...key.scopes],
        expiresAt: spec && "expiresAt" in spec ? spec.expiresAt : null,
        revokedAt: spec && "revokedAt" in spec ? spec.revokedAt : null,
        rateLimit: null,
        createdAt: "2026-01-01T00:00:00.000Z",
      };
    }),
  };
}

/** The unit and lock the demo books its tour on (a simulated lock: its code is set at once). */
export const DEMO_TOUR_UNIT = "chicago-loft";
export const DEMO_TOUR_LOCK = "lock_shared_gate";

/** A tour's times in the demo: tomorrow at `hourUtc`:00 UTC for 30 minutes, seen at `nowMs`. */
export function demoTourTimes(nowMs: number, hourUtc: number): { readonly startAt: string; readonly endAt: string } {
  const day = new Date(nowMs + 86_400_000);
  const start = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), hourUtc);
  return { startAt: new Date(start).toISOString(), endAt: new Date(start + 30 * 60_000).toISOString() };
}

/**
 * Books the demo's tour (tomorrow at 16:00 UTC on the Chicago loft's shared gate, a reminder an
 * hour before from the welcome template) as the Acme admin; answers its id, or null when the
 * booking was refused (a fixture without those records).
 */
export async function bookDemoTour(lintel: Lintel, nowMs = Date.now()): Promise<string | null> {
  const admin = DEMO_KEYS[0] as DemoKey;
  const booked = await lintel.bookTour(
    { keyId: admin.id, orgId: admin.orgId, scopes: admin.scopes },
    {
      unitIdOrKey: DEMO_TOUR_UNIT,
      lockId: DEMO_TOUR_LOCK,
      ...demoTourTimes(nowMs, 16),
      prospect: { name: "Demo Prospect", email: "prospect@example.com", phone: "+13125550100" },
      messages: [{ templateId: "tpl_welcome", anchor: "start", offsetMinutes: -60 }],
    },
  );
  return booked.ok ? booked.value.tour.id : null;
}
