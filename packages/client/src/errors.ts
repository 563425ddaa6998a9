import { LocalError } from '@mcpkit/jsonrpc';

/**
 * The client's own error classes. Like every `LocalError` they carry no JSON-RPC code: a server's
 * JSON-RPC error always arrives as `RemoteError`, so `error.remote` tells the two families apart.
 */

/** The server broke the protocol (a result or notification it must not send); the request failed, the client stays usable. */
export class ProtocolError extends LocalError {
  /** The brand `instanceof` recognises across copies (see `hasBrand` of @mcpkit/jsonrpc). */
  static override readonly '@mcpkit/brand': string = '@mcpkit/client/ProtocolError';
  override readonly name: string = 'ProtocolError';
  constructor(
    /** The method of the request the faulty message belonged to, when there is one. */
    readonly method: string | undefined,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

/** A result failed validation at the boundary (schema, unknown `resultType`, `input_required` where not allowed). */
export class InvalidResultError extends ProtocolError {
  /** The brand `instanceof` recognises across copies (see `hasBrand` of @mcpkit/jsonrpc). */
  static override readonly '@mcpkit/brand': string = '@mcpkit/client/InvalidResultError';
  override readonly name: string = 'InvalidResultError';
  constructor(
    method: string,
    /** What is wrong, e.g. `/content/0: must have required property 'type'`. */
    readonly details: string,
    /** The result as received. */
    readonly result: unknown,
  ) {
    super(method, `Invalid ${method} result from the server: ${details}`);
  }
}

/** `structuredContent` of a tool result does not match the tool's `outputSchema` (or the schema is unusable). */
export class OutputSchemaError extends InvalidResultError {
  /** The brand `instanceof` recognises across copies (see `hasBrand` of @mcpkit/jsonrpc). */
  static override readonly '@mcpkit/brand': string = '@mcpkit/client/OutputSchemaError';
  override readonly name = 'OutputSchemaError';
  constructor(
    /** The tool that was called. */
    readonly tool: string,
    details: string,
    result: unknown,
  ) {
    super('tools/call', `tool "${tool}": ${details}`, result);
  }
}

/** The server speaks no protocol version this client speaks (`-32022` without a common version). */
export class UnsupportedVersionError extends LocalError {
  /** The brand `instanceof` recognises across copies (see `hasBrand` of @mcpkit/jsonrpc). */
  static override readonly '@mcpkit/brand': string = '@mcpkit/client/UnsupportedVersionError';
  override readonly name = 'UnsupportedVersionError';
  constructor(
    /** The versions this client speaks, in order of preference. */
    readonly clientVersions: readonly string[],
    /** The versions the server said it supports. */
    readonly serverVersions: readonly string[],
    options?: ErrorOptions,
  ) {
    super(`No protocol version in common: the server supports ${list(serverVersions)}; ` + `this client speaks ${list(clientVersions)}`, options);
  }
}

/** The server kept asking for input beyond `maxInputRounds` (MRTR). */
export class InputRoundsExceededError extends LocalError {
  /** The brand `instanceof` recognises across copies (see `hasBrand` of @mcpkit/jsonrpc). */
  static override readonly '@mcpkit/brand': string = '@mcpkit/client/InputRoundsExceededError';
  override readonly name = 'InputRoundsExceededError';
  constructor(
    readonly method: string,
    /** The round limit that was reached. */
    readonly rounds: number,
  ) {
    super(`${method}: the server still asked for input after ${rounds} rounds; giving up`);
  }
}

/** A request with its input rounds (MRTR) did not finish within its total deadline. */
export class InputDeadlineError extends LocalError {
  /** The brand `instanceof` recognises across copies (see `hasBrand` of @mcpkit/jsonrpc). */
  static override readonly '@mcpkit/brand': string = '@mcpkit/client/InputDeadlineError';
  override readonly name = 'InputDeadlineError';
  constructor(
    readonly method: string,
    /** The deadline that expired, in ms. */
    readonly deadlineMs: number,
    options?: ErrorOptions,
  ) {
    super(`${method}: the request and its input rounds did not finish within ${deadlineMs} ms`, options);
  }
}

/** A registered input handler (elicitation, sampling, roots) failed; the request was not retried. */
export class InputHandlerError extends LocalError {
  /** The brand `instanceof` recognises across copies (see `hasBrand` of @mcpkit/jsonrpc). */
  static override readonly '@mcpkit/brand': string = '@mcpkit/client/InputHandlerError';
  override readonly name = 'InputHandlerError';
  constructor(
    /** The input request's method, e.g. `sampling/createMessage`. */
    readonly inputMethod: string,
    /** The server's key of the input request. */
    readonly key: string,
    cause: unknown,
  ) {
    super(`The ${inputMethod} handler failed for input "${key}": ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
  }
}

/** The method does not exist in the era this client speaks (e.g. `ping` on a 2026-07-28 server). */
export class UnsupportedInEraError extends LocalError {
  /** The brand `instanceof` recognises across copies (see `hasBrand` of @mcpkit/jsonrpc). */
  static override readonly '@mcpkit/brand': string = '@mcpkit/client/UnsupportedInEraError';
  override readonly name = 'UnsupportedInEraError';
  constructor(
    readonly method: string,
    /** The era of the client that refused, with its protocol version. */
    readonly era: 'modern' | 'legacy',
    readonly protocolVersion: string,
  ) {
    super(`${method} does not exist in the ${era} era (protocol ${protocolVersion})`);
  }
}

function list(versions: readonly string[]): string {
  return versions.length === 0 ? '(none)' : versions.join(', ');
}
