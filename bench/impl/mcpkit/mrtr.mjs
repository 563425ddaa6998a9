// mcpkit for the MRTR-rounds curve: the `wizard` tool asks `rounds` questions, one per round (a form elicitation each),
// carrying the answers so far in its sealed requestState (AES-256-GCM, fixed key ring, single use: the defaults).
import { createHttpHandler } from '@mcpkit/http';
import { createServer, elicitForm, inputRequired, tool } from '@mcpkit/server';

const form = { type: 'object', properties: { value: { type: 'string' } }, required: ['value'] };
const KEYS = `bench:${Buffer.alloc(32, 7).toString('base64url')}`;

/** A web fetch handler (Request → Response) serving `wizard`. */
export function createMrtrHandler() {
  const server = createServer({
    info: { name: 'bench-mcpkit', version: '1.0.0' },
    mode: 'production',
    onWarning: () => {},
    state: { keys: KEYS },
    tools: [
      tool({
        name: 'wizard',
        description: 'Asks `rounds` questions, one per round, then answers with every answer.',
        inputSchema: { type: 'object', properties: { rounds: { type: 'integer', minimum: 0 } }, required: ['rounds'] },
        handler: ({ rounds }, ctx) => {
          const before = ctx.state?.answers ?? [];
          const got = ctx.input.accepted(`q${before.length}`, form);
          const answers = got ? [...before, got.value] : before;
          if (answers.length < rounds) {
            return inputRequired(
              { [`q${answers.length}`]: elicitForm({ message: `Value ${answers.length}?`, requestedSchema: form }) },
              { state: { answers } },
            );
          }
          return { content: [{ type: 'text', text: answers.join(',') }] };
        },
      }),
    ],
  });
  return { fetch: createHttpHandler(server), close: () => server.close() };
}
