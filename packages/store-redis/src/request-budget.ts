/**
 * RequestBudget on Redis: the domain's `consumeBudget` law as one Lua script per decision, so
 * concurrent requests on any number of instances are judged one after another. The time is
 * Redis's own `TIME`, so instances with skewed clocks agree.
 */
import type { RequestBudget } from "@lintel/core";
import type { BudgetDecision, RatePolicy } from "@lintel/domain";
import type { RedisClient } from "./client.js";
import { guard } from "./errors.js";
import { redisKeys } from "./keys.js";
import { LuaScript } from "./lua-script.js";

// Line by line the arithmetic of packages/domain/src/budget.ts on whole microseconds (exact in
// Lua's doubles as in JS). Redis TIME is already in microseconds. The key holds the tat in µs.
const BUDGET_SCRIPT = new LuaScript(`
if redis.replicate_commands then redis.replicate_commands() end
local requests = tonumber(ARGV[1])
local interval = math.max(1, math.floor(tonumber(ARGV[2]) * 1000000 / requests))
local capacity = requests * interval
local take = ARGV[3] == '1'
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000000 + tonumber(time[2])
local stored = redis.call('GET', KEYS[1])
local debt = 0
if stored then debt = math.max(0, tonumber(stored) - now) end
if debt + interval > capacity then
  return {0, 0, math.ceil(debt / 1000000), math.max(1, math.ceil((debt + interval - capacity) / 1000000))}
end
local left = debt
if take then
  left = debt + interval
  redis.call('SET', KEYS[1], string.format('%.0f', now + left), 'PX', math.max(1, math.ceil(left / 1000)))
end
return {1, math.floor((capacity - left) / interval), math.ceil(left / 1000000), 0}
`);

/** Budgets in Redis, one key per bucket (`lintel:budget:{<bucket>}`). */
export function createRedisRequestBudget(redis: RedisClient): RequestBudget {
  async function judge(bucket: string, policy: RatePolicy, take: boolean): Promise<BudgetDecision> {
    const reply = await guard(() =>
      BUDGET_SCRIPT.run(redis, [redisKeys.budget(bucket)], [policy.requests, policy.windowSeconds, take ? "1" : "0"]),
    );
    const [allowed, remaining, resetSeconds, retryAfterSeconds] = reply as [number, number, number, number];
    return { allowed: allowed === 1, remaining, resetSeconds, retryAfterSeconds, policy };
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
