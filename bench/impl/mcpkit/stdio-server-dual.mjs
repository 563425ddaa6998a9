// mcpkit stdio server serving both eras (dualEra): modern requests go to the server unchanged, `initialize` opens a legacy session.
import { dualEra } from '@mcpkit/legacy';
import { serveStdio } from '@mcpkit/stdio';
import { createEchoServer } from './tools.mjs';

serveStdio(dualEra(createEchoServer(), { onError: () => {} }));
