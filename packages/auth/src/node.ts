/** `@mcpkit/auth/node`: Node-only helpers (the loopback redirect listener, workload tokens from a file). */
export { startLoopbackRedirect, type LoopbackRedirect, type LoopbackRedirectOptions } from './node/loopback.js';
export { workloadTokenFile } from './node/workload-token.js';
