import { elicitForm, inputRequired, prompt, type PromptDefinition } from '@mcpkit/server';
import { RED_PIXEL_PNG } from './media.js';

/** The form of `test_input_required_result_prompt`: asks, and checks the answer. */
const contextSchema = { type: 'object', properties: { context: { type: 'string' } }, required: ['context'] } as const;

const CITIES = ['paris', 'park', 'party', 'parma', 'prague', 'porto', 'lisbon', 'london'];

/** Prompts: plain, with arguments and completions, with embedded resource and image, and with MRTR. */
export function everythingPrompts(): PromptDefinition[] {
  return [
    prompt({
      name: 'test_simple_prompt',
      description: 'A prompt without arguments.',
      handler: () => ({ messages: [{ role: 'user', content: { type: 'text', text: 'This is a simple prompt for testing.' } }] }),
    }),
    prompt({
      name: 'test_prompt_with_arguments',
      description: 'A prompt with two required arguments.',
      arguments: [
        { name: 'arg1', description: 'First test argument', required: true },
        { name: 'arg2', description: 'Second test argument', required: true },
      ],
      complete: { arg1: (value) => CITIES.filter((city) => city.startsWith(value.toLowerCase())) },
      handler: ({ arg1, arg2 }) => ({
        messages: [{ role: 'user', content: { type: 'text', text: `Prompt with arguments: arg1='${arg1}', arg2='${arg2}'` } }],
      }),
    }),
    prompt({
      name: 'test_prompt_with_embedded_resource',
      description: 'A prompt embedding the resource named by its argument.',
      arguments: [{ name: 'resourceUri', description: 'URI of the resource to embed', required: true }],
      handler: ({ resourceUri }) => ({
        messages: [
          {
            role: 'user',
            content: { type: 'resource', resource: { uri: resourceUri!, mimeType: 'text/plain', text: 'Embedded resource content for testing.' } },
          },
          { role: 'user', content: { type: 'text', text: 'Please process the embedded resource above.' } },
        ],
      }),
    }),
    prompt({
      name: 'test_prompt_with_image',
      description: 'A prompt with an image.',
      handler: () => ({
        messages: [
          { role: 'user', content: { type: 'image', data: RED_PIXEL_PNG, mimeType: 'image/png' } },
          { role: 'user', content: { type: 'text', text: 'Please analyze the image above.' } },
        ],
      }),
    }),
    prompt({
      name: 'test_input_required_result_prompt',
      description: 'A prompt that first asks the user which context to use (MRTR on prompts/get).',
      handler: (_args, ctx) => {
        const context = ctx.input.accepted('user_context', contextSchema)?.context;
        if (context === undefined) {
          return inputRequired({ user_context: elicitForm({ message: 'What context should the prompt use?', requestedSchema: contextSchema }) });
        }
        return { messages: [{ role: 'user', content: { type: 'text', text: `Answer with this context in mind: ${context}` } }] };
      },
    }),
  ];
}
