import { prompt, tool, type McpServer, type ToolDefinition } from '@mcpkit/server';

/**
 * Tools that change the server itself, to exercise list_changed and resources/updated on listen
 * streams: they add or remove a dynamic tool or prompt, or bump a resource's version.
 */
export function dynamicTools(server: () => McpServer, state: { watchedVersion: number }): ToolDefinition[] {
  const dynamicTool = tool({
    name: 'dynamic_tool',
    description: 'Appears and disappears with test_trigger_tool_change.',
    handler: () => ({ content: [{ type: 'text', text: 'here' }] }),
  });
  const dynamicPrompt = prompt({
    name: 'dynamic_prompt',
    description: 'Appears and disappears with test_trigger_prompt_change.',
    handler: () => ({ messages: [] }),
  });
  return [
    tool({
      name: 'test_trigger_tool_change',
      description: 'Adds or removes the dynamic_tool tool (announced as tools/list_changed).',
      inputSchema: { type: 'object', additionalProperties: false },
      handler: async () => {
        let added = false;
        await server().update((draft) => {
          if (!draft.removeTool('dynamic_tool')) added = !!draft.addTool(dynamicTool);
        });
        return { content: [{ type: 'text', text: added ? 'dynamic_tool added' : 'dynamic_tool removed' }] };
      },
    }),
    tool({
      name: 'test_trigger_prompt_change',
      description: 'Adds or removes the dynamic_prompt prompt (announced as prompts/list_changed).',
      inputSchema: { type: 'object', additionalProperties: false },
      handler: async () => {
        let added = false;
        await server().update((draft) => {
          if (!draft.removePrompt('dynamic_prompt')) added = !!draft.addPrompt(dynamicPrompt);
        });
        return { content: [{ type: 'text', text: added ? 'dynamic_prompt added' : 'dynamic_prompt removed' }] };
      },
    }),
    tool({
      name: 'touch_resource',
      description: 'Changes test://watched-resource and announces resources/updated for it.',
      inputSchema: { type: 'object', additionalProperties: false },
      handler: async () => {
        state.watchedVersion += 1;
        await server().resourceUpdated('test://watched-resource');
        return { content: [{ type: 'text', text: `test://watched-resource is now version ${state.watchedVersion}` }] };
      },
    }),
  ];
}
