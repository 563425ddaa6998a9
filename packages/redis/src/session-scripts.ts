/**
 * The Lua scripts of `RedisSessionStore`. Each runs atomically, so two replicas never see a session
 * half-written. A session is four keys that expire together (the record hash, the pending hash, the
 * stream meta hash and the events hash) plus its entry in the sessions sorted set (score: last seen).
 * Stream meta fields: `n:<stream>` last sequence, `e:<stream>` ended, `o:<stream>` creation order,
 * `#` order counter, `count` streams held. Event fields: `<stream>.<sequence>` → message JSON.
 * No JSON is decoded in Lua: records are stored field by field.
 */
import { LuaScript } from './lua-script.js';

/**
 * `stamp(index, now)`: the score that makes `now` the most recent use in `index`. Scores are epoch
 * milliseconds, and sessions used in the same millisecond would tie; Redis orders ties by member
 * (here a random id), so the least recently used session would be a coin toss on a fast machine.
 * A use at or before the newest score gets that score plus 2^-10 ms (exact in a double up to
 * year 2248), keeping the order of uses without moving any score more than a hair from its clock.
 */
const STAMP = `
local function stamp(index, now)
  local top = redis.call('ZREVRANGE', index, 0, 0, 'WITHSCORES')
  if top[2] ~= nil and tonumber(top[2]) >= now then return tonumber(top[2]) + 0.0009765625 end
  return now
end
`;

/**
 * Ends session `id` (its keys and its entries in the indexes); appends `why`, `id` to `ended`.
 * KEYS[2] and KEYS[3] are the sessions and fresh indexes; `base` and `cbase` prefix the session
 * keys and the per-client indexes.
 */
const DROP = `
local function drop(id, why, base, cbase, ended)
  local b = base .. id
  local addr = redis.call('HGET', b, 'addr')
  redis.call('DEL', b, b .. ':pending', b .. ':streams', b .. ':events')
  redis.call('ZREM', KEYS[2], id)
  redis.call('ZREM', KEYS[3], id)
  if addr and addr ~= '' then redis.call('ZREM', cbase .. addr, id) end
  table.insert(ended, why)
  table.insert(ended, id)
end
`;

/**
 * Admission (issue 15). At the cap of one client address, or of all sessions, the least recently
 * seen session among the first `K` candidates that no replica holds a live lease on (`l:<holder>`
 * fields) is evicted, sessions that never completed initialization first; with none free, the
 * session is refused. Candidates whose keys Redis already expired are dropped on the way.
 * KEYS: record, sessions, fresh. ARGV: id, rec, now, init, subs, level, idleMs, maxSessions, addr,
 * maxPerClient, uninitMs, session key base, client index base, K.
 * Returns { 1 | 0 (exists) | -1 (full), why, id, why, id... } (the sessions ended to make room).
 */
export const CREATE = new LuaScript(`${DROP}${STAMP}
local now, idle, uninit, K = tonumber(ARGV[3]), tonumber(ARGV[7]), tonumber(ARGV[11]), tonumber(ARGV[14])
local base, cbase, addr = ARGV[12], ARGV[13], ARGV[9]
if redis.call('EXISTS', KEYS[1]) == 1 then return { 0 } end
local ended = {}
local function leased(id)
  local fields = redis.call('HGETALL', base .. id)
  for i = 1, #fields, 2 do
    if string.sub(fields[i], 1, 2) == 'l:' and tonumber(fields[i + 1]) > now then return true end
  end
  return false
end
-- dead_counts: whether a candidate whose keys expired still counted against the cap.
local function evict(index, from, dead_counts)
  for _, id in ipairs(redis.call('ZRANGEBYSCORE', index, from, '+inf', 'LIMIT', 0, K)) do
    if redis.call('EXISTS', base .. id) == 0 then
      drop(id, 'expired', base, cbase, ended)
      if dead_counts then return true end
    elseif not leased(id) then
      drop(id, 'evicted', base, cbase, ended)
      return true
    end
  end
  return false
end
local function refused()
  local out = { -1 }
  for _, v in ipairs(ended) do table.insert(out, v) end
  return out
end
if addr ~= '' then
  local mates = cbase .. addr
  if redis.call('ZCOUNT', mates, now - idle, '+inf') >= tonumber(ARGV[10]) and not evict(mates, now - idle, true) then return refused() end
end
local live = redis.call('ZCOUNT', KEYS[2], now - idle, '+inf') - redis.call('ZCOUNT', KEYS[3], now - idle, '(' .. (now - uninit))
if live >= tonumber(ARGV[8]) and not evict(KEYS[3], now - uninit, false) and not evict(KEYS[2], now - idle, false) then return refused() end
redis.call('HSET', KEYS[1], 'rec', ARGV[2], 'seen', now, 'init', ARGV[4], 'subs', ARGV[5], 'addr', addr)
if ARGV[6] ~= '' then redis.call('HSET', KEYS[1], 'level', ARGV[6]) end
redis.call('PEXPIRE', KEYS[1], ARGV[4] == '1' and idle or uninit)
redis.call('ZADD', KEYS[2], stamp(KEYS[2], now), ARGV[1])
if ARGV[4] ~= '1' then redis.call('ZADD', KEYS[3], stamp(KEYS[3], now), ARGV[1]) end
if addr ~= '' then
  redis.call('ZADD', cbase .. addr, stamp(cbase .. addr, now), ARGV[1])
  redis.call('PEXPIRE', cbase .. addr, idle)
end
local out = { 1 }
for _, v in ipairs(ended) do table.insert(out, v) end
return out
`);

// KEYS: record, pending, streams, events, sessions, fresh. ARGV: id, now, idleMs, uninitMs, client index base.
// Marks the session seen; one that never completed initialization keeps the shorter expiry.
export const TOUCH = new LuaScript(`${STAMP}
local now = tonumber(ARGV[2])
if redis.call('EXISTS', KEYS[1]) == 0 then return false end
redis.call('HSET', KEYS[1], 'seen', ARGV[2])
local initialized = redis.call('HGET', KEYS[1], 'init') == '1'
local ttl = initialized and ARGV[3] or ARGV[4]
for i = 1, 4 do redis.call('PEXPIRE', KEYS[i], ttl) end
redis.call('ZADD', KEYS[5], stamp(KEYS[5], now), ARGV[1])
if not initialized then redis.call('ZADD', KEYS[6], stamp(KEYS[6], now), ARGV[1]) end
local addr = redis.call('HGET', KEYS[1], 'addr')
if addr and addr ~= '' then
  redis.call('ZADD', ARGV[5] .. addr, stamp(ARGV[5] .. addr, now), ARGV[1])
  redis.call('PEXPIRE', ARGV[5] .. addr, ARGV[3])
end
return redis.call('HGETALL', KEYS[1])
`);

// KEYS: record, pending, streams, events, fresh. ARGV: id, idleMs, field, value, ... (the patch).
// Completing initialization gives the session the full idle expiry.
export const UPDATE = new LuaScript(`
if redis.call('EXISTS', KEYS[1]) == 0 then return false end
if #ARGV > 2 then redis.call('HSET', KEYS[1], unpack(ARGV, 3)) end
if redis.call('HGET', KEYS[1], 'init') == '1' and redis.call('ZREM', KEYS[5], ARGV[1]) == 1 then
  for i = 1, 4 do redis.call('PEXPIRE', KEYS[i], ARGV[2]) end
end
return redis.call('HGETALL', KEYS[1])
`);

// KEYS: record. ARGV: holder field (l:<holder>), until (epoch ms; '' ends the lease).
export const LEASE = new LuaScript(`
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
if ARGV[2] == '' then redis.call('HDEL', KEYS[1], ARGV[1]) else redis.call('HSET', KEYS[1], ARGV[1], ARGV[2]) end
return 1
`);

// KEYS: record, pending, streams, events, sessions, fresh. ARGV: id, client index base.
export const DELETE = new LuaScript(`
local addr = redis.call('HGET', KEYS[1], 'addr')
local existed = redis.call('DEL', KEYS[1])
redis.call('DEL', KEYS[2], KEYS[3], KEYS[4])
redis.call('ZREM', KEYS[5], ARGV[1])
redis.call('ZREM', KEYS[6], ARGV[1])
if addr and addr ~= '' then redis.call('ZREM', ARGV[2] .. addr, ARGV[1]) end
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

// KEYS: sessions, fresh. ARGV: idle cutoff, limit, session key base, uninitialized cutoff, client index base.
// Ends sessions unseen since their cutoff; returns their ids.
export const SWEEP = new LuaScript(`
local ended = {}
local function finish(id)
  local base = ARGV[3] .. id
  local addr = redis.call('HGET', base, 'addr')
  redis.call('DEL', base, base .. ':pending', base .. ':streams', base .. ':events')
  redis.call('ZREM', KEYS[1], id)
  redis.call('ZREM', KEYS[2], id)
  if addr and addr ~= '' then redis.call('ZREM', ARGV[5] .. addr, id) end
  table.insert(ended, id)
end
for _, id in ipairs(redis.call('ZRANGEBYSCORE', KEYS[2], '-inf', ARGV[4], 'LIMIT', 0, tonumber(ARGV[2]))) do
  local base = ARGV[3] .. id
  local seen = tonumber(redis.call('HGET', base, 'seen'))
  if redis.call('HGET', base, 'init') == '1' then redis.call('ZREM', KEYS[2], id)
  elseif seen == nil or seen <= tonumber(ARGV[4]) then finish(id)
  else redis.call('ZADD', KEYS[2], seen, id) end
end
for _, id in ipairs(redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1], 'LIMIT', 0, tonumber(ARGV[2]))) do
  local seen = tonumber(redis.call('HGET', ARGV[3] .. id, 'seen'))
  if seen == nil or seen <= tonumber(ARGV[1]) then finish(id)
  else redis.call('ZADD', KEYS[1], seen, id) end
end
return ended
`);
