// mcpkit with 100 tools, in-process (scenario 3): the pure dispatch, and the web-standard HTTP handler.
import { createHttpHandler } from '@mcpkit/http';
import { createHundredToolServer } from './tools.mjs';

const context = () => ({
  signal: new AbortController().signal,
  notify: () => Promise.resolve(),
  transport: { name: 'bench' },
});

/** Request string in, response string out, through `server.dispatch`. */
export async function createDispatcher() {
  const server = createHundredToolServer();
  return {
    handle: async (requestText) => JSON.stringify(await server.dispatch(JSON.parse(requestText), context())),
    close: async () => {},
  };
}

/** Web-standard Request → Response. */
export async function createFetchHandler() {
  const handler = createHttpHandler(createHundredToolServer());
  return { fetch: handler, close: async () => {} };
}
