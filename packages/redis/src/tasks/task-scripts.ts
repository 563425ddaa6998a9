/**
 * The Lua scripts of `RedisTaskStore`: each step that must not interleave with another replica's
 * write (create-if-absent with its index entry, compare-and-set on the version) runs in Redis at once.
 */
import { LuaScript } from '../lua-script.js';

/**
 * KEYS[1] the task, KEYS[2] its owner's index. ARGV: record JSON, version, expiresAt ('' for
 * never), createdAt, task id. Replies 1, or 0 when the id exists.
 */
export const createTask = new LuaScript(`
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
redis.call('HSET', KEYS[1], 'record', ARGV[1], 'version', ARGV[2])
if ARGV[3] ~= '' then redis.call('PEXPIREAT', KEYS[1], ARGV[3]) end
redis.call('ZADD', KEYS[2], ARGV[4], ARGV[5])
return 1
`);

/**
 * KEYS[1] the task. ARGV: record JSON, new version, expected version, expiresAt ('' for never).
 * Replies 1 when written, 0 when the task is gone or another write came first.
 */
export const replaceTask = new LuaScript(`
local current = redis.call('HGET', KEYS[1], 'version')
if not current or current ~= ARGV[3] then return 0 end
redis.call('HSET', KEYS[1], 'record', ARGV[1], 'version', ARGV[2])
if ARGV[4] ~= '' then redis.call('PEXPIREAT', KEYS[1], ARGV[4]) else redis.call('PERSIST', KEYS[1]) end
return 1
`);
