import { createMessage, elicitForm, inputRequired, listRoots, tool, type ToolDefinition } from '@mcpkit/server';

// Each form's schema is written once: it asks (elicitForm) and checks the answer (ctx.input.accepted /
// elicitation), so a handler never sees content that does not fit what it asked for.
const nameSchema = { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] } as const;
const userInfoSchema = {
  type: 'object',
  properties: { username: { type: 'string', description: "User's response" }, email: { type: 'string', description: "User's email address" } },
  required: ['username', 'email'],
} as const;
const defaultsSchema = {
  type: 'object',
  properties: {
    name: { type: 'string', default: 'John Doe' },
    age: { type: 'integer', default: 30 },
    score: { type: 'number', default: 95.5 },
    status: { type: 'string', enum: ['active', 'inactive', 'pending'], default: 'active' },
    verified: { type: 'boolean', default: true },
  },
} as const;
const choicesSchema = {
  type: 'object',
  properties: {
    untitledSingle: { type: 'string', enum: ['option1', 'option2', 'option3'] },
    titledSingle: {
      type: 'string',
      oneOf: [
        { const: 'value1', title: 'First Option' },
        { const: 'value2', title: 'Second Option' },
      ],
    },
    legacyEnum: { type: 'string', enum: ['opt1', 'opt2', 'opt3'], enumNames: ['Option One', 'Option Two', 'Option Three'] },
    untitledMulti: { type: 'array', items: { type: 'string', enum: ['option1', 'option2', 'option3'] } },
    titledMulti: {
      type: 'array',
      items: {
        anyOf: [
          { const: 'value1', title: 'First Choice' },
          { const: 'value2', title: 'Second Choice' },
        ],
      },
    },
  },
} as const;
const confirmSchema = { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] } as const;
const colorSchema = { type: 'object', properties: { color: { type: 'string' } }, required: ['color'] } as const;
const nameForm = (message: string) => elicitForm({ message, requestedSchema: nameSchema });
const describe = (answer: { action: string; content?: unknown } | undefined) => `action=${answer?.action}, content=${JSON.stringify(answer?.content ?? {})}`;
const noArguments = { type: 'object', additionalProperties: false } as const;

/**
 * Tools that ask the client for input through MRTR (basic/patterns/mrtr.mdx): elicitation (form and
 * URL), sampling, roots, several at once, several rounds with sealed state.
 */
export function inputTools(): ToolDefinition[] {
  return [
    tool({
      name: 'test_elicitation',
      description: 'Asks the user for a username and email, with the given message.',
      inputSchema: { type: 'object', properties: { message: { type: 'string' } }, required: ['message'] },
      handler: ({ message }, ctx) => {
        const answer = ctx.input.elicitation('user_info', userInfoSchema);
        if (!answer) return inputRequired({ user_info: elicitForm({ message: message as string, requestedSchema: userInfoSchema }) });
        return { content: [{ type: 'text', text: `User response: ${describe(answer)}` }] };
      },
    }),
    tool({
      name: 'test_elicitation_sep1034_defaults',
      description: 'Asks for a form whose fields all have defaults.',
      inputSchema: noArguments,
      handler: (_args, ctx) => {
        const answer = ctx.input.elicitation('defaults', defaultsSchema);
        if (answer) return { content: [{ type: 'text', text: `Elicitation completed: ${describe(answer)}` }] };
        return inputRequired({ defaults: elicitForm({ message: 'Please review your profile', requestedSchema: defaultsSchema }) });
      },
    }),
    tool({
      name: 'test_elicitation_sep1330_enums',
      description: 'Asks for a form with every kind of enum field.',
      inputSchema: noArguments,
      handler: (_args, ctx) => {
        const answer = ctx.input.elicitation('choices', choicesSchema);
        if (answer) return { content: [{ type: 'text', text: `Elicitation completed: ${describe(answer)}` }] };
        return inputRequired({ choices: elicitForm({ message: 'Pick your options', requestedSchema: choicesSchema }) });
      },
    }),
    tool({
      name: 'test_sampling',
      description: "Asks the client's model to answer a prompt (needs the sampling capability).",
      inputSchema: { type: 'object', properties: { prompt: { type: 'string' } }, required: ['prompt'] },
      handler: ({ prompt }, ctx) => {
        const answer = ctx.input.sampling('completion');
        if (!answer) {
          return inputRequired({
            completion: createMessage({ messages: [{ role: 'user', content: { type: 'text', text: prompt as string } }], maxTokens: 100 }),
          });
        }
        const block = Array.isArray(answer.content) ? answer.content[0] : answer.content;
        return { content: [{ type: 'text', text: `LLM response: ${block && 'text' in block ? block.text : JSON.stringify(block)}` }] };
      },
    }),
    tool({
      name: 'test_missing_capability',
      description: 'Needs sampling: a request that does not declare it gets -32021.',
      inputSchema: noArguments,
      handler: (_args, ctx) =>
        ctx.input.sampling('q')
          ? { content: [{ type: 'text', text: 'sampled' }] }
          : inputRequired({ q: createMessage({ messages: [{ role: 'user', content: { type: 'text', text: 'Say hi' } }], maxTokens: 10 }) }),
    }),
    tool({
      name: 'test_streaming_elicitation',
      description: 'Asks for a name; its response stream carries only notifications and the result, never requests.',
      inputSchema: noArguments,
      handler: (_args, ctx) => {
        const name = ctx.input.accepted('name', nameSchema)?.name;
        return name ? { content: [{ type: 'text', text: `Hello, ${name}!` }] } : inputRequired({ name: nameForm('What is your name?') });
      },
    }),
    tool({
      name: 'test_input_required_result_elicitation',
      description: 'MRTR: asks for a name, then greets.',
      inputSchema: noArguments,
      handler: (_args, ctx) => {
        const name = ctx.input.accepted('user_name', nameSchema)?.name;
        return name ? { content: [{ type: 'text', text: `Hello, ${name}!` }] } : inputRequired({ user_name: nameForm('What is your name?') });
      },
    }),
    tool({
      name: 'test_input_required_result_sampling',
      description: 'MRTR: asks the model for the capital of France.',
      inputSchema: noArguments,
      handler: (_args, ctx) => {
        const answer = ctx.input.sampling('capital_question');
        if (!answer) {
          return inputRequired({
            capital_question: createMessage({
              messages: [{ role: 'user', content: { type: 'text', text: 'What is the capital of France?' } }],
              maxTokens: 100,
            }),
          });
        }
        const block = Array.isArray(answer.content) ? answer.content[0] : answer.content;
        return { content: [{ type: 'text', text: `The model answered: ${block && 'text' in block ? block.text : ''}` }] };
      },
    }),
    tool({
      name: 'test_input_required_result_list_roots',
      description: "MRTR: asks for the client's roots.",
      inputSchema: noArguments,
      handler: (_args, ctx) => {
        const roots = ctx.input.roots('client_roots');
        return roots
          ? { content: [{ type: 'text', text: `Roots: ${roots.roots.map((r) => r.uri).join(', ')}` }] }
          : inputRequired({ client_roots: listRoots() });
      },
    }),
    tool({
      name: 'test_input_required_result_request_state',
      description: 'MRTR: asks for confirmation and checks its sealed requestState on the retry.',
      inputSchema: noArguments,
      handler: (_args, ctx) => {
        const ok = ctx.input.accepted('confirm', confirmSchema);
        const state = ctx.state as { issued?: boolean } | undefined;
        if (ok && state?.issued) return { content: [{ type: 'text', text: `state-ok: confirmed=${ok.ok}` }] };
        return inputRequired({ confirm: elicitForm({ message: 'Please confirm', requestedSchema: confirmSchema }) }, { state: { issued: true } });
      },
    }),
    tool({
      name: 'test_input_required_result_multiple_inputs',
      description: 'MRTR: asks for a name, a model greeting and the roots at once.',
      inputSchema: noArguments,
      handler: (_args, ctx) => {
        const name = ctx.input.accepted('user_name', nameSchema)?.name;
        const greeting = ctx.input.sampling('greeting');
        const roots = ctx.input.roots('client_roots');
        if (name && greeting && roots && ctx.state) {
          return { content: [{ type: 'text', text: `All inputs received: ${name}, ${roots.roots.length} root(s)` }] };
        }
        return inputRequired(
          {
            user_name: nameForm('What is your name?'),
            greeting: createMessage({ messages: [{ role: 'user', content: { type: 'text', text: 'Generate a greeting' } }], maxTokens: 50 }),
            client_roots: listRoots(),
          },
          { state: { round: 1 } },
        );
      },
    }),
    tool({
      name: 'test_input_required_result_multi_round',
      description: 'MRTR over three rounds: a name, then a color, with the state evolving in between.',
      inputSchema: noArguments,
      handler: (_args, ctx) => {
        const state = ctx.state as { step: number; name?: string } | undefined;
        const colorForm = elicitForm({ message: 'Step 2: What is your favorite color?', requestedSchema: colorSchema });
        if (state?.step === 2) {
          const color = ctx.input.accepted('step2', colorSchema)?.color;
          if (color) return { content: [{ type: 'text', text: `${state.name}'s favorite color is ${color}` }] };
          return inputRequired({ step2: colorForm }, { state });
        }
        const name = ctx.input.accepted('step1', nameSchema)?.name;
        if (state?.step === 1 && name) return inputRequired({ step2: colorForm }, { state: { step: 2, name } });
        return inputRequired({ step1: nameForm('Step 1: What is your name?') }, { state: { step: 1 } });
      },
    }),
    tool({
      name: 'test_input_required_result_tampered_state',
      description: 'MRTR with integrity-protected state: a tampered requestState is refused with -32602.',
      inputSchema: noArguments,
      handler: (_args, ctx) =>
        ctx.state
          ? { content: [{ type: 'text', text: 'state verified' }] }
          : inputRequired({ confirm: nameForm('Who is asking?') }, { state: { issued: Date.now() } }),
    }),
    tool({
      name: 'test_input_required_result_capabilities',
      description: 'MRTR that asks only for what this request declared (elicitation, sampling, roots).',
      inputSchema: noArguments,
      handler: (_args, ctx) => {
        if (ctx.input.present) return { content: [{ type: 'text', text: 'Thanks for the input' }] };
        const wanted = {
          user_name: nameForm('What is your name?'),
          greeting: createMessage({ messages: [{ role: 'user', content: { type: 'text', text: 'Generate a greeting' } }], maxTokens: 50 }),
          client_roots: listRoots(),
        };
        const supported = Object.fromEntries(Object.entries(wanted).filter(([, request]) => ctx.supports(request)));
        if (Object.keys(supported).length === 0) return { content: [{ type: 'text', text: 'The client declared no input capability' }] };
        return inputRequired(supported);
      },
    }),
  ];
}
