/**
 * Random fixtures of 3–4 orgs that collide everywhere the fixture rules allow: urlKeys are
 * unique per org only, so every org draws its units' urlKeys from one shared pool; ids are
 * unique in the whole store, so they are look-alikes (the same stem with another suffix or
 * case), and a unit id may be another org's urlKey. Each org has two or more units (each with
 * two future tours), locks and templates, so every list and schedule has a second page.
 */
import { randomBytes } from "node:crypto";
import fc from "fast-check";
import { freePorts, writeFixture, type ServerChild } from "@lintel/testkit/processes";
import { spawnServer } from "../../server-process.js";
import { processStoreEnv } from "@lintel/testkit/e2e";
import { generateApiKey, SCOPES } from "@lintel/domain";

export interface WorldUnit {
  readonly id: string;
  readonly urlKey: string;
}

export interface WorldOrg {
  readonly orgId: string;
  readonly key: string;
  readonly units: readonly WorldUnit[];
  readonly lockIds: readonly string[];
  readonly templateIds: readonly string[];
}

export interface World {
  readonly orgs: readonly WorldOrg[];
  /** Every id and urlKey of the world, to make sure an "unknown" look-alike is unknown. */
  readonly names: ReadonlySet<string>;
}

const STEMS = ["oak", "elm", "main", "lake", "loft", "unit-1", "unit-10", "a"];
const AT = "2026-01-01T00:00:00.000Z";

interface OrgShape {
  readonly unitStems: readonly string[];
  readonly unitIdForm: readonly ("kebab" | "suffix" | "upper")[];
  readonly lockNumbers: readonly number[];
  readonly templateNumbers: readonly number[];
}

const orgShape: fc.Arbitrary<OrgShape> = fc.uniqueArray(fc.constantFrom(...STEMS), { minLength: 2, maxLength: 4 }).chain((unitStems) =>
  fc.record({
    unitStems: fc.constant(unitStems),
    unitIdForm: fc.array(fc.constantFrom("kebab" as const, "suffix" as const, "upper" as const), {
      minLength: unitStems.length,
      maxLength: unitStems.length,
    }),
    lockNumbers: fc.uniqueArray(fc.nat({ max: 4 }), { minLength: 2, maxLength: 3 }),
    templateNumbers: fc.uniqueArray(fc.nat({ max: 4 }), { minLength: 2, maxLength: 3 }),
  }),
);

/** The shapes of a world: 3 or 4 orgs. */
export const worldShapes: fc.Arbitrary<readonly OrgShape[]> = fc.array(orgShape, { minLength: 3, maxLength: 4 });

/**
 * Makes the world of `shapes` under run prefix `p`: the first org to claim an id gets it, a
 * later one the suffixed form (`…_<org>`), so ids stay unique and alike.
 */
export function buildWorld(p: string, shapes: readonly OrgShape[]): World {
  const taken = new Set<string>();
  const claim = (wanted: string, fallback: string) => {
    const id = taken.has(wanted) ? fallback : wanted;
    taken.add(id);
    return id;
  };
  const orgs = shapes.map((shape, o): WorldOrg => {
    const units = shape.unitStems.map((stem, i) => {
      const form = shape.unitIdForm[i];
      const wanted = form === "kebab" ? `${p}-${stem}` : form === "upper" ? `${p}_U_${stem.toUpperCase()}` : `${p}_u_${stem}`;
      return { id: claim(wanted, `${p}_u_${stem}_${o}`), urlKey: `${p}-${stem}` };
    });
    return {
      orgId: `${p}_org${o}`,
      key: generateApiKey(),
      units,
      lockIds: shape.lockNumbers.map((n) => claim(`${p}_lk_${n}`, `${p}_lk_${n}_${o}`)),
      templateIds: shape.templateNumbers.map((n) => claim(`${p}_tpl_${n}`, `${p}_tpl_${n}_${o}`)),
    };
  });
  const names = new Set(orgs.flatMap((org) => [...org.units.flatMap((u) => [u.id, u.urlKey]), ...org.lockIds, ...org.templateIds]));
  return { orgs, names };
}

/** The fixture file of `world`: every org's records, each key with every scope and a budget that does not run out. */
export function worldFixture(world: World) {
  const { orgs } = world;
  return {
    orgs: orgs.map((org) => ({ id: org.orgId, name: `Org ${org.orgId}` })),
    apiKeys: orgs.map((org) => ({
      id: `${org.orgId}_key`,
      orgId: org.orgId,
      name: "isolation",
      key: org.key,
      scopes: [...SCOPES],
      expiresAt: null,
      revokedAt: null,
      rateLimit: { requests: 1_000_000, windowSeconds: 60 },
      createdAt: AT,
    })),
    units: orgs.flatMap((org) =>
      org.units.map((unit) => ({ ...unit, orgId: org.orgId, address: `${unit.urlKey} St`, timeZone: "America/Chicago", version: 1 })),
    ),
    locks: orgs.flatMap((org) =>
      org.lockIds.map((lockId, i) => ({
        lockId,
        orgId: org.orgId,
        name: `Door ${i}`,
        provider: "simulated",
        providerDeviceId: `d${i}`,
        model: null,
        timeZone: "America/Chicago",
        unitIds: [org.units[0]!.id],
        status: "active",
        createdAt: AT,
        updatedAt: AT,
      })),
    ),
    tours: orgs.flatMap((org) =>
      org.units.flatMap((unit) =>
        [1, 2].map((n) => ({
          id: `${unit.id}_t${n}`,
          unitId: unit.id,
          title: `Tour ${n}`,
          startAt: `2030-0${n}-01T15:00:00.000Z`,
          endAt: `2030-0${n}-01T16:00:00.000Z`,
          lockId: null,
        })),
      ),
    ),
    templates: orgs.flatMap((org) =>
      org.templateIds.map((id, i) => ({
        id,
        orgId: org.orgId,
        name: `T${i}`,
        body: "Hi {{name}}",
        sortOrder: i,
        createdAt: AT,
        updatedAt: AT,
      })),
    ),
  };
}

/** A name of the same length as `name` that no org has: its last character changed. */
export function unknownLike(name: string, world: World): string {
  for (const last of "0123456789abcdefghijklmnopqrstuvwxyz") {
    const candidate = name.slice(0, -1) + last;
    if (!world.names.has(candidate)) return candidate;
  }
  throw new Error(`no unknown look-alike of ${name}`);
}

/** The unit `name` means for `org` (its id first, else its urlKey, the contract), if any. */
export function resolveUnit(org: WorldOrg, name: string): WorldUnit | undefined {
  return org.units.find((unit) => unit.id === name) ?? org.units.find((unit) => unit.urlKey === name);
}

/** `count` worlds of `seed` (each under its own run prefix) and the real server process serving them all on `store`. */
export async function startWorldsServer(store: string, seed: number, count: number): Promise<{ worlds: World[]; server: ServerChild }> {
  const run = randomBytes(3).toString("hex");
  const worlds = fc.sample(worldShapes, { seed, numRuns: count }).map((shapes, i) => buildWorld(`${run}w${i}`, shapes));
  const fixtures = worlds.map(worldFixture);
  const merged = Object.fromEntries(
    (["orgs", "apiKeys", "units", "locks", "tours", "templates"] as const).map((list) => [
      list,
      fixtures.flatMap((f): unknown[] => f[list]),
    ]),
  );
  const [port] = (await freePorts(1)) as [number];
  const server = await spawnServer(port, { ...processStoreEnv(store), FIXTURE: await writeFixture(merged), TRUST_PROXY: "true" });
  return { worlds, server };
}
