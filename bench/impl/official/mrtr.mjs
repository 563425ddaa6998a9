// Official SDK v2 for the MRTR-rounds curve: the `wizard` tool asks `rounds` questions, one per round, carrying the answers
// so far in requestState protected by the SDK's own HMAC codec (`createRequestStateCodec`, verified before the handler),
// served by createMcpHandler (legacy: reject) as a web fetch handler.
import { acceptedContent, createMcpHandler, createRequestStateCodec, inputRequired, McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const answerSchema = z.object({ value: z.string() });
const codec = createRequestStateCodec({ key: Buffer.alloc(32, 7) });

function createWizardServer() {
  const server = new McpServer({ name: 'bench-official', version: '1.0.0' }, { requestState: { verify: codec.verify } });
  server.registerTool(
    'wizard',
    { description: 'Asks `rounds` questions, one per round.', inputSchema: z.object({ rounds: z.number().int().min(0) }) },
    async ({ rounds }, ctx) => {
      const before = ctx.mcpReq.requestState()?.answers ?? [];
      const got = acceptedContent(ctx.mcpReq.inputResponses, `q${before.length}`, answerSchema);
      const answers = got ? [...before, got.value] : before;
      if (answers.length < rounds) {
        return inputRequired({
          inputRequests: { [`q${answers.length}`]: inputRequired.elicit({ message: `Value ${answers.length}?`, requestedSchema: answerSchema }) },
          requestState: await codec.mint({ answers }),
        });
      }
      return { content: [{ type: 'text', text: answers.join(',') }] };
    },
  );
  return server;
}

/** A web fetch handler (Request → Response) serving `wizard`. */
export function createMrtrHandler() {
  const handler = createMcpHandler(() => createWizardServer(), { legacy: 'reject' });
  return { fetch: handler.fetch, close: handler.close };
}
