/**
 * The peer address of a web `Request` built by the node adapter. A fetch `Request` has no place
 * for it, so the adapter notes it under a global symbol (the main and node entries are bundled
 * apart, as with the handler core); hosts that build their own requests leave it undefined.
 */

const CLIENT_ADDRESS = Symbol.for('@mcpkit/http.clientAddress.v1');

/**
 * The peer's IP address of a request that `@mcpkit/http/node` turned into a web `Request` (`serve()`
 * with a plain web handler, `toWebRequest`); undefined on fetch hosts.
 * @example const address = clientAddressOf(request); // '127.0.0.1' under serve(), undefined on Workers
 */
export function clientAddressOf(request: Request): string | undefined {
  const address = (request as unknown as Record<symbol, unknown>)[CLIENT_ADDRESS];
  return typeof address === 'string' ? address : undefined;
}

/** Notes the peer's address on a request the node adapter built. */
export function noteClientAddress(request: Request, address: string | undefined): void {
  if (address !== undefined) Object.defineProperty(request, CLIENT_ADDRESS, { value: address });
}
