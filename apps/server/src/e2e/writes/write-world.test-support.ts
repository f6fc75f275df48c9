/**
 * A world for the e2e tests of refused writes: a server on the store this run tests (STORE) whose
 * org A has, made through the API, an item of every kind at the fixture's Chicago unit, a template
 * and a webhook endpoint (to a closed local port, for no event type that the writes emit); and
 * what org A's records look like through every read, to show a refused write changed nothing.
 */
import assert from "node:assert/strict";
import { allEvents, call, postJson, startTestServer, type Answer, type TestServer } from "../e2e.test-support.js";
import { until } from "../webhooks/webhook-receiver.test-support.js";

/** The records every write of the tests names. */
export interface WriteWorld {
  readonly server: TestServer;
  readonly key: string;
  readonly unitId: string;
  /** One item key per kind, all at `unitId`. */
  readonly items: { readonly tour: string; readonly code: string; readonly open_house: string; readonly scheduled_message: string };
  readonly templateId: string;
  readonly endpointId: string;
  /** An active lock of org A that serves `unitId`. */
  readonly lockId: string;
}

/** A webhook endpoint's url that takes nothing (the server allows private destinations). */
export const QUIET_URL = "http://127.0.0.1:9/hook";

/** Starts a server and makes the world's records through the API. */
export async function startWriteWorld(): Promise<WriteWorld> {
  // A budget that never runs out: a test sends hundreds of refused writes.
  const server = await startTestServer({ WEBHOOK_ALLOW_PRIVATE: "true", RATE_LIMIT: "1000000/60" });
  const key = server.fixture.keys.admin;
  const unitId = server.fixture.units.chicago.id;
  const lockId = server.fixture.locks[0]?.lockId ?? assert.fail("the fixture has locks");
  const post = (path: string, body: unknown) => postJson(server.url, path, key, body);
  const span = { startAt: "2027-09-01T10:00:00-05:00", endAt: "2027-09-01T11:00:00-05:00" };
  const made = {
    tour: await post("/v1/units/create_schedule_item", { unitIdOrKey: unitId, kind: "tour", title: "World tour", ...span }),
    code: await post("/v1/units/create_schedule_item", { unitIdOrKey: unitId, kind: "code", title: "World code", lockId, ...span }),
    open_house: await post("/v1/units/create_schedule_item", {
      unitIdOrKey: unitId,
      kind: "open_house",
      title: "World open house",
      ...span,
    }),
    scheduled_message: await post("/v1/units/create_schedule_item", {
      unitIdOrKey: unitId,
      kind: "scheduled_message",
      title: "World message",
      sendAt: "2027-08-31T10:00:00-05:00",
    }),
  };
  for (const answer of Object.values(made)) assert.equal(answer.status, 201, answer.text);
  const template = await post("/v1/templates/create_message_template", { name: "World", body: "Hi {{prospect.name}}" });
  assert.equal(template.status, 201, template.text);
  const endpoint = await post("/v1/webhook_endpoints", { url: QUIET_URL, eventTypes: ["webhook_endpoint.disabled"], description: "World" });
  assert.equal(endpoint.status, 201, endpoint.text);
  const keyOf = (answer: Answer) => answer.json.item.key as string;
  const world = {
    server,
    key,
    unitId,
    lockId,
    items: {
      tour: keyOf(made.tour),
      code: keyOf(made.code),
      open_house: keyOf(made.open_house),
      scheduled_message: keyOf(made.scheduled_message),
    },
    templateId: template.json.template.id,
    endpointId: endpoint.json.webhookEndpoint.id,
  };
  await settled(world);
  return world;
}

/** Once every code of the unit is programmed (its lockSync no longer pending, its event emitted): nothing changes in the background then. */
export async function settled(world: WriteWorld): Promise<void> {
  await until("every code of the unit programmed", async () => {
    const schedule = (await read(world, `/v1/units/list_schedule?unitIdOrKey=${world.unitId}&from=2000-01-01T00:00:00Z&limit=100`)) as {
      items: { kind: string; lockSync: { status: string } | null }[];
    };
    return schedule.items.every((item) => item.kind !== "code" || item.lockSync?.status !== "pending") ? true : undefined;
  });
}

/** A read that must answer 200; its body. */
async function read(world: WriteWorld, path: string): Promise<unknown> {
  const answer = await call(world.server.url, path, { key: world.key });
  assert.equal(answer.status, 200, `${path}: ${answer.text}`);
  return answer.json;
}

/**
 * Org A's records through every read: the unit, its whole schedule, its preview, its units,
 * the world's template and the template list, the world's webhook endpoint and the endpoint
 * list, and every event. Each read must answer 200.
 */
export async function readsOf(world: WriteWorld) {
  const { unitId, templateId, endpointId } = world;
  return {
    unit: await read(world, `/v1/units/get_unit?unitIdOrKey=${unitId}`),
    schedule: await read(world, `/v1/units/list_schedule?unitIdOrKey=${unitId}&from=2000-01-01T00:00:00Z&limit=100`),
    preview: await read(world, `/v1/units/preview_timezone_change?unitIdOrKey=${unitId}&proposedTimeZone=America/Denver`),
    units: await read(world, "/v1/units/list_units?limit=100"),
    template: await read(world, `/v1/templates/get_message_template?templateId=${templateId}`),
    templates: await read(world, "/v1/templates/list_message_templates?limit=100"),
    endpoint: await read(world, `/v1/webhook_endpoints/${endpointId}`),
    endpoints: await read(world, "/v1/webhook_endpoints?limit=100"),
    events: await allEvents(world.server.url, world.key),
  };
}

/** The names of a 400's invalidParams. */
export const namesOf = (answer: Answer): string[] => ((answer.json?.invalidParams ?? []) as { name: string }[]).map((param) => param.name);
