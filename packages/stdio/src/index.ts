export { LineDecoder, DEFAULT_MAX_LINE_BYTES, type LineDecoderOptions } from './line-decoder.js';
export { encodeMessage } from './encode.js';
export { StreamTransport, type StreamTransportOptions } from './stream-transport.js';
export { StdioClientTransport, type StdioClientOptions } from './client-transport.js';
export { ProcessExitedError, type ProcessExit } from './process-exit-error.js';
export { serveStdio, type StdioServer, type StdioServerOptions } from './serve.js';
