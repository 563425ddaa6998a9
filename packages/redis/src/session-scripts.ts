/**
 * The Lua scripts of `RedisSessionStore`. Each runs atomically, so two replicas never see a session
 * half-written. A session is four keys that expire together (the record hash, the pending hash, the
 * stream meta hash and the events hash) plus its entry in the sessions sorted set (score: last seen).
 * Stream meta fields: `n:<stream>` last sequence, `e:<stream>` ended, `o:<stream>` creation order,
 * `#` order counter, `count` streams held. Event fields: `<stream>.<sequence>` → message JSON.
 * No JSON is decoded in Lua: records are stored field by field.
 */
import { LuaScript } from './lua-script.js';

// KEYS: record, sessions. ARGV: id, rec, now, init, subs, level, idleMs, maxSessions.
export const CREATE = new LuaScript(`
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
if redis.call('ZCOUNT', KEYS[2], tonumber(ARGV[3]) - tonumber(ARGV[7]), '+inf') >= tonumber(ARGV[8]) then return -1 end
redis.call('HSET', KEYS[1], 'rec', ARGV[2], 'seen', ARGV[3], 'init', ARGV[4], 'subs', ARGV[5])
if ARGV[6] ~= '' then redis.call('HSET', KEYS[1], 'level', ARGV[6]) end
redis.call('PEXPIRE', KEYS[1], ARGV[7])
redis.call('ZADD', KEYS[2], ARGV[3], ARGV[1])
return 1
`);

// KEYS: record, pending, streams, events, sessions. ARGV: id, now, idleMs. Marks the session seen.
export const TOUCH = new LuaScript(`
if redis.call('EXISTS', KEYS[1]) == 0 then return false end
redis.call('HSET', KEYS[1], 'seen', ARGV[2])
for i = 1, 4 do redis.call('PEXPIRE', KEYS[i], ARGV[3]) end
redis.call('ZADD', KEYS[5], ARGV[2], ARGV[1])
return redis.call('HGETALL', KEYS[1])
`);

// KEYS: record. ARGV: field, value, ... (the patch).
export const UPDATE = new LuaScript(`
if redis.call('EXISTS', KEYS[1]) == 0 then return false end
if #ARGV > 0 then redis.call('HSET', KEYS[1], unpack(ARGV)) end
return redis.call('HGETALL', KEYS[1])
`);

// KEYS: record, pending, streams, events, sessions. ARGV: id.
export const DELETE = new LuaScript(`
local existed = redis.call('DEL', KEYS[1])
redis.call('DEL', KEYS[2], KEYS[3], KEYS[4])
redis.call('ZREM', KEYS[5], ARGV[1])
return existed
`);

// KEYS: record, pending. ARGV: field, value. The pending hash lives as long as the session.
export const ADD_PENDING = new LuaScript(`
local ttl = redis.call('PTTL', KEYS[1])
if ttl <= 0 then return 0 end
redis.call('HSET', KEYS[2], ARGV[1], ARGV[2])
redis.call('PEXPIRE', KEYS[2], ttl)
return 1
`);

// KEYS: pending. ARGV: field. Removes and returns it: exactly one replica gets each answer.
export const TAKE_PENDING = new LuaScript(`
local value = redis.call('HGET', KEYS[1], ARGV[1])
if value then redis.call('HDEL', KEYS[1], ARGV[1]) end
return value
`);

/** Creates stream ARGV[1]; beyond ARGV[2] streams, drops the oldest ended one and its events. */
const CREATE_STREAM = `
local function create_stream(streams, events, id, max_streams, max_events)
  local order = redis.call('HINCRBY', streams, '#', 1)
  redis.call('HSET', streams, 'n:' .. id, 0, 'o:' .. id, order)
  if redis.call('HINCRBY', streams, 'count', 1) <= max_streams then return end
  local fields = redis.call('HKEYS', streams)
  local oldest, oldest_order = nil, nil
  for _, field in ipairs(fields) do
    if string.sub(field, 1, 2) == 'e:' then
      local sid = string.sub(field, 3)
      local o = tonumber(redis.call('HGET', streams, 'o:' .. sid))
      if o and (oldest_order == nil or o < oldest_order) then oldest, oldest_order = sid, o end
    end
  end
  if oldest == nil then return end
  local last = tonumber(redis.call('HGET', streams, 'n:' .. oldest)) or 0
  for k = math.max(1, last - max_events + 1), last do redis.call('HDEL', events, oldest .. '.' .. k) end
  redis.call('HDEL', streams, 'n:' .. oldest, 'e:' .. oldest, 'o:' .. oldest)
  redis.call('HINCRBY', streams, 'count', -1)
end
`;

// KEYS: record, streams, events. ARGV: stream, maxStreams, maxEvents.
export const OPEN_STREAM = new LuaScript(`${CREATE_STREAM}
local ttl = redis.call('PTTL', KEYS[1])
if ttl <= 0 then return 0 end
if redis.call('HEXISTS', KEYS[2], 'n:' .. ARGV[1]) == 0 then
  create_stream(KEYS[2], KEYS[3], ARGV[1], tonumber(ARGV[2]), tonumber(ARGV[3]))
end
redis.call('PEXPIRE', KEYS[2], ttl)
return 1
`);

// KEYS: record, streams, events. ARGV: stream, message, maxStreams, maxEvents. Returns the sequence (0: no session).
export const APPEND = new LuaScript(`${CREATE_STREAM}
local ttl = redis.call('PTTL', KEYS[1])
if ttl <= 0 then return 0 end
local max_events = tonumber(ARGV[4])
if redis.call('HEXISTS', KEYS[2], 'n:' .. ARGV[1]) == 0 then
  create_stream(KEYS[2], KEYS[3], ARGV[1], tonumber(ARGV[3]), max_events)
end
local seq = redis.call('HINCRBY', KEYS[2], 'n:' .. ARGV[1], 1)
redis.call('HSET', KEYS[3], ARGV[1] .. '.' .. seq, ARGV[2])
if seq > max_events then redis.call('HDEL', KEYS[3], ARGV[1] .. '.' .. (seq - max_events)) end
redis.call('PEXPIRE', KEYS[2], ttl)
redis.call('PEXPIRE', KEYS[3], ttl)
return seq
`);

// KEYS: streams. ARGV: stream.
export const END_STREAM = new LuaScript(`
if redis.call('HEXISTS', KEYS[1], 'n:' .. ARGV[1]) == 1 then redis.call('HSET', KEYS[1], 'e:' .. ARGV[1], 1) end
return 1
`);

// KEYS: record, streams, events. ARGV: stream, after, maxEvents. Returns { ended, seq, message, ... }.
export const REPLAY = new LuaScript(`
if redis.call('EXISTS', KEYS[1]) == 0 then return false end
local last = tonumber(redis.call('HGET', KEYS[2], 'n:' .. ARGV[1]))
local after = tonumber(ARGV[2])
if last == nil or after > last then return false end
local out = { redis.call('HEXISTS', KEYS[2], 'e:' .. ARGV[1]) }
for k = math.max(after + 1, last - tonumber(ARGV[3]) + 1), last do
  local message = redis.call('HGET', KEYS[3], ARGV[1] .. '.' .. k)
  if message then
    table.insert(out, k)
    table.insert(out, message)
  end
end
return out
`);

// KEYS: sessions. ARGV: cutoff, limit, key prefix of sessions. Ends sessions unseen since the cutoff; returns their ids.
export const SWEEP = new LuaScript(`
local ids = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1], 'LIMIT', 0, tonumber(ARGV[2]))
local ended = {}
for _, id in ipairs(ids) do
  local base = ARGV[3] .. id
  local seen = tonumber(redis.call('HGET', base, 'seen'))
  if seen == nil or seen <= tonumber(ARGV[1]) then
    redis.call('DEL', base, base .. ':pending', base .. ':streams', base .. ':events')
    redis.call('ZREM', KEYS[1], id)
    table.insert(ended, id)
  else
    redis.call('ZADD', KEYS[1], seen, id)
  end
end
return ended
`);
