/**
 * The records of the OpenAPI document's examples, which `@lintel/server` serves as its demo
 * data (with the demo's API keys): two orgs; units in several zones and one without; items in
 * 2027 around DST edges; a lock shared by units in different zones; 50+ locks with equal
 * createdAt runs and inactive ones, of real vendors and simulated ones, two of which
 * (`simulate-timeout`, `simulate-failure`) the server's simulator never answers or fails;
 * templates whose {{variables}} are the catalog's. Fixture-file JSON without keys: it goes through the
 * same `parseFixture` as FIXTURE=<file>, so the examples are answers the demo really gives.
 */

const ACME = "org_acme";
const GLOBEX = "org_globex";

// prettier-ignore
const UNITS = [
  { id: "unit_chicago", orgId: ACME, urlKey: "chicago-loft", address: "1200 W Lake St, Chicago, IL", timeZone: "America/Chicago" },
  { id: "unit_brooklyn", orgId: ACME, urlKey: "brooklyn-brownstone", address: "88 Berkeley Pl, Brooklyn, NY", timeZone: "America/New_York" },
  { id: "unit_berlin", orgId: ACME, urlKey: "berlin-altbau", address: "Oderberger Str. 12, Berlin", timeZone: "Europe/Berlin" },
  { id: "unit_kolkata", orgId: ACME, urlKey: "kolkata-flat", address: "14 Park St, Kolkata", timeZone: "Asia/Kolkata" },
  { id: "unit_lord_howe", orgId: ACME, urlKey: "lord-howe-cottage", address: "Lagoon Rd, Lord Howe Island", timeZone: "Australia/Lord_Howe" },
  { id: "unit_unzoned", orgId: ACME, urlKey: "unzoned-duplex", address: "5 Nowhere Ln, Springfield", timeZone: null },
  { id: "unit_austin", orgId: GLOBEX, urlKey: "austin-bungalow", address: "401 Elm St, Austin, TX", timeZone: "America/Chicago" },
] as const;

const PROVIDERS = ["august", "yale", "schlage", "igloohome", "simulated"] as const;
const ACME_UNITS = UNITS.filter((unit) => unit.orgId === ACME);

/** 56 Acme locks: every third shares its createdAt with the previous, every seventh is inactive. */
function acmeLocks() {
  const locks = [];
  for (let i = 1; i <= 56; i++) {
    const unit = ACME_UNITS[i % ACME_UNITS.length] as (typeof ACME_UNITS)[number];
    const minute = i - Math.floor(i / 3); // equal createdAt for i = 3k and 3k - 1
    const createdAt = new Date(Date.UTC(2026, 0, 5, 9, minute)).toISOString();
    locks.push({
      lockId: `lock_${String(i).padStart(3, "0")}`,
      orgId: ACME,
      name: `${unit.address.split(",")[0]} door ${i}`,
      provider: PROVIDERS[i % PROVIDERS.length] ?? "simulated",
      providerDeviceId: `dev-${(0x5000 + i * 37).toString(16)}`,
      model: i % 4 === 0 ? null : `Model ${String.fromCharCode(65 + (i % 5))}${i % 3}`,
      timeZone: unit.timeZone,
      unitIds: [unit.id],
      status: i % 7 === 0 ? "inactive" : "active",
      createdAt,
      updatedAt: createdAt,
    });
  }
  return locks;
}

// prettier-ignore
const sharedLock = {
  lockId: "lock_shared_gate",
  orgId: ACME,
  name: "Shared courtyard gate",
  provider: "simulated",
  providerDeviceId: "gate-001",
  model: "Gatekeeper 2",
  timeZone: "America/Chicago",
  unitIds: ["unit_chicago", "unit_brooklyn"],
  status: "active",
  createdAt: "2026-02-01T12:00:00.000Z",
  updatedAt: "2026-02-01T12:00:00.000Z",
};

/** Locks whose simulated provider never answers / fails: their state is a 503. */
// prettier-ignore
const faultyLocks = [
  { id: "lock_unreachable", name: "Unreachable side door (provider never answers)", device: "simulate-timeout", at: "2026-01-01T08:00:00.000Z" },
  { id: "lock_failing", name: "Failing garage door (provider errors)", device: "simulate-failure", at: "2026-01-01T08:01:00.000Z" },
].map(({ id, name, device, at }) => ({
  lockId: id,
  orgId: ACME,
  name,
  provider: "simulated",
  providerDeviceId: device,
  model: null,
  timeZone: "Europe/Berlin",
  unitIds: ["unit_berlin"],
  status: "active",
  createdAt: at,
  updatedAt: at,
}));

// prettier-ignore
const globexLocks = [1, 2, 3, 4, 5].map((i) => ({
  lockId: `gx_lock_${i}`,
  orgId: GLOBEX,
  name: `Austin bungalow door ${i}`,
  provider: PROVIDERS[i % PROVIDERS.length] ?? "simulated",
  providerDeviceId: `gx-${i}`,
  model: null,
  timeZone: "America/Chicago",
  unitIds: ["unit_austin"],
  status: "active",
  createdAt: `2026-03-0${i}T10:00:00.000Z`,
  updatedAt: `2026-03-0${i}T10:00:00.000Z`,
}));

// prettier-ignore
const tours = [
  // Chicago springs forward on 2027-03-14 02:00 and falls back on 2027-11-07 02:00.
  { id: "tour_chi_gap", unitId: "unit_chicago", title: "Early tour before spring-forward", startAt: "2027-03-14T07:30:00.000Z", endAt: "2027-03-14T08:00:00.000Z", lockId: "lock_shared_gate" },
  { id: "tour_chi_overlap", unitId: "unit_chicago", title: "Tour during fall-back", startAt: "2027-11-07T06:30:00.000Z", endAt: "2027-11-07T07:30:00.000Z", lockId: "lock_shared_gate" },
  { id: "tour_chi_evening", unitId: "unit_chicago", title: "Evening tour", startAt: "2027-06-01T23:00:00.000Z", endAt: "2027-06-02T00:00:00.000Z", lockId: "lock_007" },
  { id: "tour_chi_past", unitId: "unit_chicago", title: "Last year's tour (not a candidate)", startAt: "2025-06-01T15:00:00.000Z", endAt: "2025-06-01T16:00:00.000Z", lockId: null },
  { id: "tour_bk_morning", unitId: "unit_brooklyn", title: "Morning tour", startAt: "2027-04-10T14:00:00.000Z", endAt: "2027-04-10T14:30:00.000Z", lockId: "lock_shared_gate" },
  { id: "tour_berlin_dst", unitId: "unit_berlin", title: "Tour on EU spring-forward day", startAt: "2027-03-28T00:30:00.000Z", endAt: "2027-03-28T01:30:00.000Z", lockId: "lock_002" },
  { id: "tour_kolkata", unitId: "unit_kolkata", title: "Afternoon tour", startAt: "2027-01-20T09:30:00.000Z", endAt: "2027-01-20T10:15:00.000Z", lockId: null },
  { id: "tour_lord_howe", unitId: "unit_lord_howe", title: "Tour as half-hour DST ends", startAt: "2027-04-03T14:45:00.000Z", endAt: "2027-04-03T15:45:00.000Z", lockId: "lock_004" },
  { id: "tour_unzoned_gap", unitId: "unit_unzoned", title: "Tour at 02:30 (a gap in US zones)", startAt: "2027-03-14T02:30:00.000Z", endAt: "2027-03-14T03:00:00.000Z", lockId: "lock_005" },
  { id: "tour_austin", unitId: "unit_austin", title: "Globex tour", startAt: "2027-05-05T16:00:00.000Z", endAt: "2027-05-05T17:00:00.000Z", lockId: "gx_lock_1" },
];

// prettier-ignore
const codes = [
  { id: "code_chi_cleaner", unitId: "unit_chicago", lockId: "lock_shared_gate", name: "Cleaner access", startAt: "2027-03-13T14:00:00.000Z", endAt: "2027-03-15T02:00:00.000Z" },
  { id: "code_berlin_guest", unitId: "unit_berlin", lockId: "lock_002", name: "Guest code", startAt: "2027-10-30T22:00:00.000Z", endAt: "2027-10-31T03:00:00.000Z" },
  { id: "code_unzoned", unitId: "unit_unzoned", lockId: "lock_005", name: "Contractor", startAt: "2027-07-01T13:00:00.000Z", endAt: "2027-07-01T21:00:00.000Z" },
];

// prettier-ignore
const openHouses = [
  { id: "oh_chi_spring", unitId: "unit_chicago", title: "Spring open house", startAt: "2027-04-17T16:00:00.000Z", endAt: "2027-04-17T19:00:00.000Z", lockId: null },
  { id: "oh_lord_howe", unitId: "unit_lord_howe", title: "Island open house", startAt: "2027-10-02T23:00:00.000Z", endAt: "2027-10-03T02:00:00.000Z", lockId: null },
];

// prettier-ignore
const scheduledMessages = [
  { id: "msg_chi_reminder", unitId: "unit_chicago", title: "Tour reminder", sendAt: "2027-03-13T23:00:00.000Z", templateId: "tpl_reminder" },
  { id: "msg_kolkata_welcome", unitId: "unit_kolkata", title: "Welcome", sendAt: "2027-01-19T12:00:00.000Z", templateId: "tpl_welcome" },
  { id: "msg_unzoned_note", unitId: "unit_unzoned", title: "Free-text note", sendAt: "2027-11-07T06:30:00.000Z", templateId: null },
];

// prettier-ignore
const templates = [
  { id: "tpl_welcome", orgId: ACME, name: "Welcome", body: "Hi {{prospect.name}}, welcome to {{unit.address}}! Your code is {{code.pin}}.", sortOrder: 10, createdAt: "2026-01-02T10:00:00.000Z", updatedAt: "2026-01-02T10:00:00.000Z" },
  { id: "tpl_reminder", orgId: ACME, name: "Tour reminder", body: "Reminder: your tour of {{unit.address}} starts at {{tour.start}}.", sortOrder: 20, createdAt: "2026-01-02T10:05:00.000Z", updatedAt: "2026-02-11T08:00:00.000Z" },
  { id: "tpl_checkout", orgId: ACME, name: "After the tour", body: "Thanks for touring {{unit.address}}, {{prospect.name}}. Apply at https://acme.example/apply/{{unit.urlKey}}.", sortOrder: 20, createdAt: "2026-01-03T10:00:00.000Z", updatedAt: "2026-01-03T10:00:00.000Z" },
  { id: "tpl_code", orgId: ACME, name: "Access code", body: "Your access code for {{lock.name}} is {{code.pin}}, valid {{code.window}}.", sortOrder: 30, createdAt: "2026-01-04T10:00:00.000Z", updatedAt: "2026-01-04T10:00:00.000Z" },
  { id: "tpl_open_house", orgId: ACME, name: "Open house invite", body: "Join us for an open house at {{unit.address}}.", sortOrder: 40, createdAt: "2026-01-05T10:00:00.000Z", updatedAt: "2026-01-05T10:00:00.000Z" },
  { id: "tpl_gx_welcome", orgId: GLOBEX, name: "Globex welcome", body: "Hello {{prospect.name}} from Globex.", sortOrder: 1, createdAt: "2026-03-01T10:00:00.000Z", updatedAt: "2026-03-01T10:00:00.000Z" },
];

/** The example records as fixture-file JSON: orgs, units, locks, items and templates, no API keys. */
export function exampleRecords(): Record<string, unknown> {
  return {
    orgs: [
      { id: ACME, name: "Acme Rentals" },
      { id: GLOBEX, name: "Globex Homes" },
    ],
    units: UNITS.map((unit) => ({ ...unit, version: 1 })),
    locks: [...acmeLocks(), sharedLock, ...faultyLocks, ...globexLocks],
    tours,
    codes,
    openHouses,
    scheduledMessages,
    templates,
  };
}
