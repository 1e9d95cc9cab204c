/**
 * The one Redis command the cluster-wide limit sends: `EVAL` (an ioredis client, Docmost's
 * `RedisService.getOrThrow()` or `new Redis(url)`, fits as is). Structural, so the package does
 * not need ioredis unless a host gives one.
 */
export interface CallsPerUserRedis {
  eval(
    script: string,
    numberOfKeys: number,
    ...args: (string | number)[]
  ): Promise<unknown>;
}

/** Now on Redis' clock, in milliseconds: every instance's leases are compared on one clock. */
const NOW = `local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)`;

/** Now, and the leases lapsed by now dropped from both sets (KEYS: running, in progress). */
const NOW_WITHOUT_LAPSED = `${NOW}
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now)`;

/**
 * Leases the call (ARGV: call id, lease ms, running limit) in progress and, while fewer than the
 * running limit run, running too; the script then returns `running`, else `waiting`.
 */
const leaseAndRunIfRoom = (running: string, waiting: string) =>
  `local expiry = now + tonumber(ARGV[2])
redis.call('ZADD', KEYS[2], expiry, ARGV[1])
redis.call('PEXPIRE', KEYS[2], ARGV[2])
if redis.call('ZCARD', KEYS[1]) < tonumber(ARGV[3]) then
  redis.call('ZADD', KEYS[1], expiry, ARGV[1])
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  return ${running}
end
return ${waiting}`;

/**
 * KEYS: running, in progress. ARGV: call id, lease ms, running limit, in-progress limit.
 * Returns { -1, count } refused (count in progress), { 1, count } running, { 0, count } waiting.
 */
export const ADMIT_SCRIPT = `${NOW_WITHOUT_LAPSED}
local inProgress = redis.call('ZCARD', KEYS[2])
if inProgress >= tonumber(ARGV[4]) then return { -1, inProgress } end
${leaseAndRunIfRoom('{ 1, inProgress + 1 }', '{ 0, inProgress + 1 }')}`;

/** KEYS: running, in progress. ARGV: call id, lease ms, running limit. Returns 1 running, 0 still waiting, -1 its lease lapsed. */
export const PROMOTE_SCRIPT = `${NOW_WITHOUT_LAPSED}
if not redis.call('ZSCORE', KEYS[2], ARGV[1]) then return -1 end
${leaseAndRunIfRoom('1', '0')}`;

/** KEYS: running, in progress. ARGV: call id, lease ms. Extends the call's leases where it holds them. */
export const RENEW_SCRIPT = `${NOW}
local expiry = now + tonumber(ARGV[2])
for index = 1, 2 do
  redis.call('ZADD', KEYS[index], 'XX', expiry, ARGV[1])
  redis.call('PEXPIRE', KEYS[index], ARGV[2])
end
return 1`;

/** KEYS: running, in progress. ARGV: call id. */
export const RELEASE_SCRIPT = `redis.call('ZREM', KEYS[1], ARGV[1])
redis.call('ZREM', KEYS[2], ARGV[1])
return 1`;
