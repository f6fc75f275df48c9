import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { Lock, ServedTour, Template, Unit } from "@lintel/domain";
import { TEMPLATE_VARIABLES } from "@lintel/domain/adapters";
import type { Caller } from "../admission/admission.js";
import { succeed } from "../common/problem.js";
import { createTemplateRenders, type TemplateRenderPorts } from "./template-render.js";
import { createTemplateWrites } from "./template-writes.js";

const caller: Caller = { keyId: "key_a", orgId: "org_a", scopes: ["messages:read", "tours:read"] };
const unit: Unit = {
  id: "unit_1",
  orgId: "org_a",
  urlKey: "chicago-loft",
  address: "1200 W Lake St",
  timeZone: "America/Chicago",
  version: 3,
};
const template: Template = {
  id: "tpl_1",
  orgId: "org_a",
  name: "Code",
  body: "Hi {{prospect.name}}, your code for {{lock.name}} is {{code.pin}} ({{code.window}}). {{firstName}}",
  sortOrder: 0,
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
};
const tour = {
  id: "tour_1",
  unitId: unit.id,
  title: "Self-guided tour",
  startAt: "2026-12-01T16:00:00.000Z",
  endAt: "2026-12-01T16:30:00.000Z",
  lockId: "lock_1",
  prospect: { name: "Ada", email: null, phone: null },
  access: {
    startAt: "2026-12-01T15:45:00.000Z",
    endAt: "2026-12-01T16:45:00.000Z",
    codeKey: "code:code_1",
    code: "482913",
    lockSync: null,
  },
} as unknown as ServedTour;

function renders(over: Partial<TemplateRenderPorts> = {}) {
  const ports: TemplateRenderPorts = {
    units: { findByIdOrKey: async (orgId, key) => (orgId === unit.orgId && (key === unit.id || key === unit.urlKey) ? unit : null) },
    templates: { get: async (orgId, id) => (orgId === template.orgId && id === template.id ? template : null) },
    locks: { getMany: async () => [{ lockId: "lock_1", name: "Front door" } as Lock] },
    tours: {
      getTour: async (_, id) => (id === tour.id ? succeed(tour) : { ok: false, problem: { code: "not_found", detail: "No tour." } }),
    },
    ...over,
  };
  return createTemplateRenders(ports);
}

describe("renderMessageTemplate", () => {
  it("renders a saved template for a tour: its PIN, its code's window in the unit's zone, its lock's name; a fixture's unknown name is missing", async () => {
    const result = await renders().renderMessageTemplate(caller, { templateId: "tpl_1", unitIdOrKey: "chicago-loft", tourId: "tour_1" });
    assert.ok(result.ok);
    assert.equal(result.value.text, "Hi Ada, your code for Front door is 482913 (Tue, Dec 1, 2026, 9:45 AM – 10:45 AM CST). ");
    assert.deepEqual(result.value.missing, ["firstName"]);
    assert.equal(result.value.values["code.pin"], "482913");
    assert.deepEqual(result.value.sms, { encoding: "UCS-2", units: result.value.text.length, segments: 2 }, "the en dash");
  });

  it("without a tour, the tour's variables are missing and render empty", async () => {
    const result = await renders().renderMessageTemplate(caller, { body: "{{unit.address}}: {{code.pin}}", unitIdOrKey: unit.id });
    assert.ok(result.ok);
    assert.deepEqual([result.value.text, result.value.missing], ["1200 W Lake St: ", ["code.pin"]]);
    assert.deepEqual(result.value.sms, { encoding: "GSM-7", units: 16, segments: 1 });
  });

  it("a cancelled tour's code (off the schedule, no PIN shown) gives no code values", async () => {
    const gone = { ...tour, access: { ...tour.access, code: null } } as ServedTour;
    const result = await renders({ tours: { getTour: async () => succeed(gone) } }).renderMessageTemplate(caller, {
      body: "{{code.pin}}{{code.start}}{{tour.start}}",
      unitIdOrKey: unit.id,
      tourId: "tour_1",
    });
    assert.ok(result.ok);
    assert.deepEqual(result.value.missing, ["code.pin", "code.start"]);
  });

  it("refuses, in order: a tourId without tours:read (403), templateId and body together or neither, a bad body, unknown records, another unit's tour", async () => {
    const r = renders();
    const code = async (run: Promise<{ ok: boolean; problem?: { code: string; invalidParams?: readonly { name: string }[] } }>) => {
      const result = await run;
      return result.ok ? "ok" : `${result.problem?.code} ${result.problem?.invalidParams?.map((p) => p.name).join(",") ?? ""}`.trim();
    };
    const readsOnly: Caller = { ...caller, scopes: ["messages:read"] };
    assert.equal(
      await code(r.renderMessageTemplate(readsOnly, { templateId: "nope", unitIdOrKey: "nope", tourId: "tour_1" })),
      "missing_scope",
    );
    assert.equal(
      await code(r.renderMessageTemplate({ ...caller, scopes: ["tours:write"] }, { body: "x", unitIdOrKey: unit.id, tourId: "tour_1" })),
      "ok",
    );
    assert.equal(await code(r.renderMessageTemplate(caller, { unitIdOrKey: unit.id })), "invalid_request templateId");
    assert.equal(
      await code(r.renderMessageTemplate(caller, { templateId: "tpl_1", body: "x", unitIdOrKey: unit.id })),
      "invalid_request templateId",
    );
    assert.equal(await code(r.renderMessageTemplate(caller, { body: "Hi {{tour.strat}}", unitIdOrKey: unit.id })), "invalid_request body");
    assert.equal(await code(r.renderMessageTemplate(caller, { body: "Hi {{tour", unitIdOrKey: unit.id })), "invalid_request body");
    assert.equal(await code(r.renderMessageTemplate(caller, { body: "x", unitIdOrKey: "nope" })), "not_found");
    assert.equal(await code(r.renderMessageTemplate(caller, { templateId: "nope", unitIdOrKey: unit.id })), "not_found");
    assert.equal(await code(r.renderMessageTemplate(caller, { body: "x", unitIdOrKey: unit.id, tourId: "nope" })), "not_found");
    const elsewhere = renders({ tours: { getTour: async () => succeed({ ...tour, unitId: "unit_2" } as ServedTour) } });
    assert.equal(
      await code(elsewhere.renderMessageTemplate(caller, { body: "x", unitIdOrKey: unit.id, tourId: "tour_1" })),
      "invalid_request tourId",
    );
  });

  it("lists the catalog", async () => {
    assert.deepEqual(await renders().listTemplateVariables(), succeed(TEMPLATE_VARIABLES));
  });
});

describe("template writes and the variable catalog", () => {
  // The store only reads: a refused write never reaches its create or update.
  const readOnly = new Proxy({} as never, {
    get: (_, method) => (method === "get" ? async () => template : () => Promise.reject(new Error("a refused write reached the store"))),
  });
  const writes = createTemplateWrites({ templates: readOnly, clock: { now: () => Date.parse("2026-06-01T00:00:00Z") } });

  it("refuses a placeholder outside the catalog on create and update, with the offset of its {{ and suggestions", async () => {
    for (const result of [
      await writes.createTemplate(caller, { name: "T", body: "Hi 🏠 {{ prospect.name }}, at {{tour.strat}}" }),
      await writes.updateTemplate(caller, { templateId: "tpl_1", body: "Hi 🏠 {{ prospect.name }}, at {{tour.strat}}" }),
    ]) {
      assert.ok(!result.ok);
      assert.equal(result.problem.code, "invalid_request");
      assert.equal(result.problem.invalidParams?.[0]?.name, "body");
      assert.match(
        result.problem.detail,
        /^body: the placeholder "\{\{tour\.strat\}\}" at character 29 is not a template variable\. Did you mean tour\.start\?$/,
      );
    }
    const bare = await writes.createTemplate(caller, { name: "T", body: "Hello {{firstName}}" });
    assert.ok(!bare.ok);
    assert.match(bare.problem.detail, /"\{\{firstName\}\}" at character 6 .*See list_template_variables\./);
  });
});
