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

// Line by line the arithmetic of packages/domain/src/budget.ts (Lua numbers are doubles, as
// in JS). The tat is stored with 17 significant digits so it survives the round trip exactly.
const BUDGET_SCRIPT = new LuaScript(`
if redis.replicate_commands then redis.replicate_commands() end
local requests = tonumber(ARGV[1])
local windowMs = tonumber(ARGV[2]) * 1000
local take = ARGV[3] == '1'
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local interval = windowMs / requests
local stored = redis.call('GET', KEYS[1])
local tat = now
if stored then tat = math.max(tonumber(stored), now) end
local nextTat = tat + interval
if not (nextTat - now <= windowMs + 1e-9) then
  return {0, 0, math.ceil((tat - now) / 1000), math.max(1, math.ceil((nextTat - windowMs - now) / 1000))}
end
local used = tat
if take then
  used = nextTat
  redis.call('SET', KEYS[1], string.format('%.17g', nextTat), 'PX', math.max(1, math.ceil(nextTat - now)))
end
return {1, math.max(0, math.floor((windowMs - (used - now)) / interval + 1e-9)), math.ceil((used - now) / 1000), 0}
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
  return {
    consume: (bucket, policy) => judge(bucket, policy, true),
    peek: (bucket, policy) => judge(bucket, policy, false),
  };
}
