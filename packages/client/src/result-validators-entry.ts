/**
 * `@mcpkit/client/result-validators`: every schema check `ModernClient` runs by default, as one value
 * to hand to `LeanClient` (`{ resultValidators }`).
 */
export { resultValidators } from './result-validators.js';
