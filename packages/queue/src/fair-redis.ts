// A company's round in a BullMQ queue (fair.ts): a sorted set per queue and company holds the ids
// of its jobs added and not yet finished. Each add counts it afresh in one script, first dropping
// the members whose job has finished (BullMQ writes `finishedOn` when a job completes or fails for
// the last time) or is gone (removed, or an add that never landed). So nothing has to be counted
// down when a job ends, and a worker that died mid-job cannot leave the count wrong: the next add
// corrects it. The set expires a week after its company's last add.
import type { Redis } from 'ioredis'

/** A job id in the set whose job hash is missing is kept this long: its add may still be landing. */
const LANDING_MS = 60_000
const TTL_SECONDS = 7 * 24 * 3600
/** Members checked per add, oldest first: a company past this many jobs in flight is far behind anyway. */
const SCAN = 1000

// KEYS[1]: the company's set; ARGV: job key prefix, this job's id, now (ms), landing ms, ttl s, scan.
const ROUND = `
local members = redis.call('ZRANGE', KEYS[1], 0, tonumber(ARGV[6]) - 1, 'WITHSCORES')
for i = 1, #members, 2 do
  local id = members[i]
  if id ~= ARGV[2] then
    local job = ARGV[1] .. id
    if redis.call('HEXISTS', job, 'finishedOn') == 1
      or (redis.call('EXISTS', job) == 0 and tonumber(members[i + 1]) < tonumber(ARGV[3]) - tonumber(ARGV[4])) then
      redis.call('ZREM', KEYS[1], id)
    end
  end
end
redis.call('ZADD', KEYS[1], 'NX', ARGV[3], ARGV[2])
redis.call('EXPIRE', KEYS[1], ARGV[5])
return redis.call('ZCARD', KEYS[1])
`

type WithRound = Redis & {
  fairRound(key: string, jobPrefix: string, jobId: string, now: number, landingMs: number, ttl: number, scan: number): Promise<number>
}

/**
 * The 1-based round of job `jobId` of a company: its jobs in flight, itself included (a job id
 * already in flight, a duplicate add, counts once). `jobKeyPrefix` + id is BullMQ's key of a job's hash.
 */
export async function companyRound(redis: Redis, setKey: string, jobKeyPrefix: string, jobId: string): Promise<number> {
  const r = redis as WithRound
  if (typeof r.fairRound !== 'function') redis.defineCommand('fairRound', { numberOfKeys: 1, lua: ROUND })
  return Number(await r.fairRound(setKey, jobKeyPrefix, jobId, Date.now(), LANDING_MS, TTL_SECONDS, SCAN))
}
