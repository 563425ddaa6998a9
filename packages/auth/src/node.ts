/** `@mcpkit/auth/node`: Node-only helpers (the loopback redirect listener). */
export { startLoopbackRedirect, type LoopbackRedirect, type LoopbackRedirectOptions } from './node/loopback.js';
