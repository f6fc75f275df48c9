/** Cross-record rules of a fixture: references that dangle or cross orgs, per-org uniqueness. */
import type { ApiKeyRecord, Lock, Org, Template, Unit } from "@lintel/domain";
import type { FixtureItem } from "./ports.js";

/** A parsed record and the label its errors start with. */
export interface Parsed<T> {
  readonly label: string;
  readonly value: T;
}

export interface Indexes {
  readonly orgIndex: Map<string, Parsed<Org>>;
  readonly unitIndex: Map<string, Parsed<Unit>>;
  readonly lockIndex: Map<string, Parsed<Lock>>;
  readonly templateIndex: Map<string, Parsed<Template>>;
}

export interface Records {
  readonly apiKeys: readonly Parsed<ApiKeyRecord>[];
  readonly units: readonly Parsed<Unit>[];
  readonly locks: readonly Parsed<Lock>[];
  readonly templates: readonly Parsed<Template>[];
  readonly items: readonly Parsed<FixtureItem>[];
}

/** Dangling references, cross-org references, and per-org uniqueness (urlKey, key hash). */
export function checkReferences(ix: Indexes, records: Records, errors: string[]): void {
  const owned = [...records.apiKeys, ...records.units, ...records.locks, ...records.templates];
  for (const { label, value } of owned) {
    if (value.orgId !== "" && !ix.orgIndex.has(value.orgId)) errors.push(`${label}: orgId ${JSON.stringify(value.orgId)} names no org`);
  }
  const hashes = new Map<string, string>();
  for (const { label, value } of records.apiKeys) {
    const first = hashes.get(value.hash);
    if (value.hash !== "" && first) errors.push(`${label}: the same key as ${first.split(" ")[0]}`);
    else hashes.set(value.hash, label);
  }
  const urlKeys = new Map<string, string>();
  for (const { label, value } of records.units) {
    const slot = `${value.orgId}|${value.urlKey}`;
    const first = urlKeys.get(slot);
    if (value.urlKey !== "" && first)
      errors.push(`${label}: urlKey ${JSON.stringify(value.urlKey)} is already used in its org by ${first.split(" ")[0]}`);
    else urlKeys.set(slot, label);
  }
  for (const { label, value } of records.locks) {
    for (const unitId of value.unitIds) {
      const unit = ix.unitIndex.get(unitId)?.value;
      if (!unit) errors.push(`${label}: unitIds names unit ${JSON.stringify(unitId)}, which does not exist`);
      else if (unit.orgId !== value.orgId) errors.push(`${label}: unitIds names unit ${JSON.stringify(unitId)} of another org`);
    }
  }
  for (const { label, value } of records.items) {
    const unit = ix.unitIndex.get(value.unitId)?.value;
    if (value.unitId !== "" && !unit) {
      errors.push(`${label}: unitId ${JSON.stringify(value.unitId)} names no unit`);
      continue;
    }
    if (!unit) continue;
    if (value.orgId !== "" && value.orgId !== unit.orgId)
      errors.push(`${label}: orgId ${JSON.stringify(value.orgId)} is not the org of its unit`);
    if (value.lockId !== null && value.lockId !== "") {
      const lock = ix.lockIndex.get(value.lockId)?.value;
      if (!lock) errors.push(`${label}: lockId ${JSON.stringify(value.lockId)} names no lock`);
      else if (lock.orgId !== unit.orgId) errors.push(`${label}: lockId ${JSON.stringify(value.lockId)} is a lock of another org`);
    }
    const templateId = value.templateId ?? null;
    if (templateId !== null && templateId !== "") {
      const template = ix.templateIndex.get(templateId)?.value;
      if (!template) errors.push(`${label}: templateId ${JSON.stringify(templateId)} names no template`);
      else if (template.orgId !== unit.orgId)
        errors.push(`${label}: templateId ${JSON.stringify(templateId)} is a template of another org`);
    }
  }
}
