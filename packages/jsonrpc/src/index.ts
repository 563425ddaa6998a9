export type * from './messages.js';
export type * from './transport.js';
