/**
 * RequestBudget on Redis: the domain's `consumeBudget` law as one Lua script per decision, so
 * concurrent requests on any number of instances are judged one after another. The time is
 * Redis's own `TIME`, so instances with skewed clocks agree.
 */
import type { RequestBudget } from "@lintel/core/adapters";
import type { BudgetDecision, RatePolicy } from "@lintel/domain";
import type { RedisClient } from "./redis/client.js";
import { guard } from "./redis/errors.js";
import { redisKeys } from "./redis/keys.js";
import { LuaScript } from "./scripts/lua-script.js";

/**
 * The budget law in Lua, line by line the arithmetic of `@lintel/domain`'s `consumeBudget` on whole
 * microseconds (exact in Lua's doubles as in JS), for a script that keeps a bucket's tat (in
 * µs; Redis TIME is already in µs) wherever it likes. `judgeBudget(stored, requests, windowSeconds,
 * take)` answers the decision `{allowed, remaining, resetSeconds, retryAfterSeconds}`, then the
 * tat to store and the debt left in µs (both nil when nothing is to be stored).
 * A script using it calls `redis.replicate_commands()` first (TIME before a write, Redis < 5).
 */
export const BUDGET_LAW_LUA = `
local function judgeBudget(stored, requests, windowSeconds, take)
  local interval = math.max(1, math.floor(windowSeconds * 1000000 / requests))
  local capacity = requests * interval
  local time = redis.call('TIME')
  local now = tonumber(time[1]) * 1000000 + tonumber(time[2])
  local debt = 0
  if stored then debt = math.max(0, tonumber(stored) - now) end
  if debt + interval > capacity then
    return {0, 0, math.ceil(debt / 1000000), math.max(1, math.ceil((debt + interval - capacity) / 1000000))}, nil, nil
  end
  local left = debt
  if take then left = debt + interval end
  local decision = {1, math.floor((capacity - left) / interval), math.ceil(left / 1000000), 0}
  if take then return decision, string.format('%.0f', now + left), left end
  return decision, nil, nil
end
`;

// KEYS: the bucket. ARGV: requests, windowSeconds, '1' to take. The key lives only while the
// bucket holds a debt.
const BUDGET_SCRIPT = new LuaScript(
  "if redis.replicate_commands then redis.replicate_commands() end\n" +
    BUDGET_LAW_LUA +
    `
local decision, tat, left = judgeBudget(redis.call('GET', KEYS[1]), tonumber(ARGV[1]), tonumber(ARGV[2]), ARGV[3] == '1')
if tat then redis.call('SET', KEYS[1], tat, 'PX', math.max(1, math.ceil(left / 1000))) end
return decision
`,
);

/** A decision as the budget law's Lua answers it (`{allowed, remaining, resetSeconds, retryAfterSeconds}`), for `policy`. */
export function budgetDecision(reply: unknown, policy: RatePolicy): BudgetDecision {
  const [allowed, remaining, resetSeconds, retryAfterSeconds] = reply as [number, number, number, number];
  return { allowed: allowed === 1, remaining, resetSeconds, retryAfterSeconds, policy };
}

/** Budgets in Redis, one key per bucket (`lintel:budget:{<bucket>}`). */
export function createRedisRequestBudget(redis: RedisClient): RequestBudget {
  async function judge(bucket: string, policy: RatePolicy, take: boolean): Promise<BudgetDecision> {
    const reply = await guard(() =>
      BUDGET_SCRIPT.run(redis, [redisKeys.budget(bucket)], [policy.requests, policy.windowSeconds, take ? "1" : "0"]),
    );
    return budgetDecision(reply, policy);
  }
  /**
   * A bucket with no key is full (the script's key lives only while it holds a debt), so the
   * common peek, an address with no recent failed key, is a plain GET, cheaper for Redis and for
   * the client than the script; a bucket in debt is judged by the script, on Redis's time.
   */
  async function peek(bucket: string, policy: RatePolicy): Promise<BudgetDecision> {
    const stored = await guard(() => redis.get(redisKeys.budget(bucket)));
    if (stored !== null) return judge(bucket, policy, false);
    return { allowed: true, remaining: policy.requests, resetSeconds: 0, retryAfterSeconds: 0, policy };
  }
  return {
    consume: (bucket, policy) => judge(bucket, policy, true),
    peek,
  };
}
