/**
 * The Lua scripts of `RedisTaskStore`: each step that must not interleave with another replica's
 * write (create-if-absent with its index entries and the owner's cap, compare-and-set on the
 * version) runs in Redis at once.
 */
import { LuaScript } from '../lua-script.js';

/**
 * KEYS[1] the task, KEYS[2] its owner's index (ids by creation time), KEYS[3] its owner's ended
 * tasks (ids by last update). ARGV: record JSON, version, expiresAt ('' for never), createdAt, task
 * id, the owner's cap, the key prefix of tasks. Replies { 1, held } when created, { 0, held } when
 * the id exists, { -1, held } when the owner holds its cap of live tasks.
 *
 * At the cap, ids whose task Redis forgot (expired) leave the index first; then the owner's own
 * oldest ended task makes room. Nobody else's task is ever touched.
 */
export const createTask = new LuaScript(`
if redis.call('EXISTS', KEYS[1]) == 1 then return {0, redis.call('ZCARD', KEYS[2])} end
local max = tonumber(ARGV[6])
local held = redis.call('ZCARD', KEYS[2])
if held >= max then
  for _, id in ipairs(redis.call('ZRANGE', KEYS[2], 0, -1)) do
    if redis.call('EXISTS', ARGV[7] .. id) == 0 then
      redis.call('ZREM', KEYS[2], id)
      redis.call('ZREM', KEYS[3], id)
    end
  end
  held = redis.call('ZCARD', KEYS[2])
end
while held >= max do
  local oldest = redis.call('ZRANGE', KEYS[3], 0, 0)[1]
  if not oldest then return {-1, held} end
  redis.call('ZREM', KEYS[3], oldest)
  redis.call('DEL', ARGV[7] .. oldest)
  redis.call('ZREM', KEYS[2], oldest)
  held = redis.call('ZCARD', KEYS[2])
end
redis.call('HSET', KEYS[1], 'record', ARGV[1], 'version', ARGV[2])
if ARGV[3] ~= '' then redis.call('PEXPIREAT', KEYS[1], ARGV[3]) end
redis.call('ZADD', KEYS[2], ARGV[4], ARGV[5])
return {1, held + 1}
`);

/**
 * KEYS[1] the task, KEYS[2] its owner's ended tasks. ARGV: record JSON, new version, expected
 * version, expiresAt ('' for never), '1' when the record is ended (else '0'), lastUpdatedAt, task id.
 * Replies 1 when written, 0 when the task is gone or another write came first.
 */
export const replaceTask = new LuaScript(`
local current = redis.call('HGET', KEYS[1], 'version')
if not current or current ~= ARGV[3] then return 0 end
redis.call('HSET', KEYS[1], 'record', ARGV[1], 'version', ARGV[2])
if ARGV[4] ~= '' then redis.call('PEXPIREAT', KEYS[1], ARGV[4]) else redis.call('PERSIST', KEYS[1]) end
if ARGV[5] == '1' then redis.call('ZADD', KEYS[2], ARGV[6], ARGV[7]) else redis.call('ZREM', KEYS[2], ARGV[7]) end
return 1
`);
