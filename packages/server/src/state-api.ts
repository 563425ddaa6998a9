/**
 * `@mcpkit/server/state`: the sealed `requestState` of multi-round requests: the keys (a `KeyRing`
 * from `MCPKIT_STATE_KEYS`), the codec that seals and opens state bound to a caller, its errors, and
 * the replay guard that lets a sealed state be used once.
 */
export { KeyRing, parseStateKeys, generateStateKey, STATE_KEYS_ENV, type StateKey } from './state/key-ring.js';
export { StateCodec, StateError, type StateBinding, type StateErrorReason, type OpenedState } from './state/sealed-state.js';
export { MemoryReplayGuard, type MemoryReplayGuardOptions, type ReplayGuard } from './state/replay-guard.js';
