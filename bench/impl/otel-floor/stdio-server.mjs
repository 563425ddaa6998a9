// The `otel` scenario's floor over stdio: the echo server with floor.mjs's around hook.
import { serveStdio } from '@mcpkit/stdio';
import { createEchoServer } from '../mcpkit/tools.mjs';
import { registerSdk } from '../mcpkit-otel/sdk.mjs';
import { floorAround } from './floor.mjs';

registerSdk();
serveStdio(createEchoServer({ around: floorAround() }));
