// The same echo server on @mcpkit/stdio: serveStdio and a Dispatcher.
import { serveStdio } from '@mcpkit/stdio';

serveStdio({
  async dispatch(request) {
    return { jsonrpc: '2.0', id: request.id, result: { echo: request.params } };
  },
});
