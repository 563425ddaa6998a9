export type * from './messages.js';
export type * from './transport.js';
export {
  RpcError,
  RemoteError,
  LocalError,
  TimeoutError,
  CancelledError,
  TransportError,
  TransportClosedError,
  InFlightLimitError,
  InvalidMessageError,
  MessageTooLargeError,
  type InvalidMessageDetails,
} from './errors.js';
export {
  JsonRpcErrorCode,
  errorResponse,
  successResponse,
  ResponseError,
  toErrorResponse,
} from './responses.js';
export {
  classify,
  parseMessage,
  readMessage,
  messageKind,
  toInvalidMessageError,
  isRequestId,
  isRequest,
  isNotification,
  isResponse,
  isErrorResponse,
  type MessageKind,
  type ParseOutcome,
  type InvalidOutcome,
} from './classify.js';
export { IncomingRequests, type IncomingRequestsOptions } from './incoming-requests.js';
export { serveTransport, type ServeTransportOptions, type ServedTransport } from './serve-transport.js';
export { Connection, type ConnectionOptions, type PendingRequest } from './connection.js';
export {
  OutgoingRequests,
  type OutgoingRequestsOptions,
  type OutgoingRequestOptions,
  type RequestChannel,
  type RequestOptions,
  type CancelInfo,
} from './outgoing-requests.js';
export { isJsonObject } from './messages.js';
export { hasBrand } from './brand.js';
export { encodeInPieces, JsonPieces, LARGE_STRING_CHARS, type EncodeInPiecesOptions } from './message-pieces.js';
