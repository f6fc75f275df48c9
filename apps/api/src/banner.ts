/**
 * The start-up banner: where the server listens and, with the demo data, the demo keys and
 * curl commands that work as printed (the last two show a provider's 503s).
 */
import { countOutcomes, type FixtureLoadReport } from "@lintel/core";
import { DEMO_KEYS } from "./demo-fixture.js";

/** The banner for a server at `url` whose fixture came from `fixtureSource` and loaded as `report` says. */
export function bannerText(url: string, fixtureSource: string, report: FixtureLoadReport | null = null): string {
  const lines = [`Lintel is listening on ${url}`, `  docs: ${url}/docs   OpenAPI: ${url}/v1/openapi.json`];
  if (fixtureSource !== "demo") {
    lines.push(fixtureSource === "none" ? "  no fixture loaded" : `  fixture: ${fixtureSource}`);
    if (report !== null) {
      const { added, kept } = countOutcomes(report);
      const note = kept === 0 ? "" : `; ${kept} the store already had left as they are (\`npm run seed -- --update\` rewrites them)`;
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
  return lines.join("\n");
}
