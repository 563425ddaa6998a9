/**
 * What the conformance client does in each scenario of the official suite
 * (`MCP_CONFORMANCE_SCENARIO`). The protocol work (version negotiation, `_meta`, headers, MRTR,
 * sessions, SSE resumption, OAuth) is the client packages'; a scenario only picks which requests a
 * user of the client would make. docs/conformance.md, section 3, says what each one checks.
 */
import type { McpClient } from '@mcpkit/client';
import type { Tool } from '@mcpkit/schema';
import type { Skill } from '@mcpkit/schema/skills';
import { SkillsClient, SkillVerificationError } from '@mcpkit/skills-client';

/** `MCP_CONFORMANCE_CONTEXT`, parsed: `{ name, ...scenario specific }`. */
export type ScenarioContext = Record<string, unknown>;

/** One scenario's requests, against a connected client. */
export type Scenario = (client: McpClient, context: ScenarioContext, log: (line: string) => void) => Promise<void>;

/** Every tool of the server (all pages). */
async function allTools(client: McpClient): Promise<Tool[]> {
  const tools: Tool[] = [];
  for await (const tool of client.iterateTools()) tools.push(tool);
  return tools;
}

function named(tools: readonly Tool[], name: string): Tool {
  const tool = tools.find((t) => t.name === name);
  if (tool === undefined) throw new Error(`the server lists no tool "${name}" (it has: ${tools.map((t) => t.name).join(', ') || 'none'})`);
  return tool;
}

/** Arguments of the right type for a tool's required properties (for tools called without given arguments). */
function sampleArguments(tool: Tool): Record<string, unknown> {
  const schema = tool.inputSchema as { properties?: Record<string, { type?: unknown }>; required?: string[] };
  const args: Record<string, unknown> = {};
  for (const name of schema.required ?? []) {
    const type = schema.properties?.[name]?.type;
    args[name] = type === 'number' || type === 'integer' ? 1 : type === 'boolean' ? true : type === 'string' ? 'us-west1' : {};
  }
  return args;
}

/** Lists the tools and calls one, checking that the call did not fail. */
async function listAndCall(client: McpClient, log: (line: string) => void, name: string, args: Record<string, unknown> = {}): Promise<void> {
  const tools = await allTools(client);
  named(tools, name);
  const result = await client.callTool({ name, arguments: args });
  if (result.isError === true) throw new Error(`${name} answered isError: ${JSON.stringify(result.content)}`);
  log(`${name}: ${JSON.stringify(result.content)}`);
}

/** The `auth/*` scenarios: the OAuth fetch does the work; two authorized requests (list, then call). */
const authorizedSession: Scenario = async (client, _context, log) => {
  const tools = await allTools(client);
  log(`tools: ${tools.map((t) => t.name).join(', ')}`);
  const target = tools.find((t) => t.name === 'test-tool') ?? tools[0];
  if (target !== undefined) await client.callTool({ name: target.name, arguments: sampleArguments(target) });
};

/** Every skill entry of the server (all pages); no file is read. */
async function listSkills(client: McpClient, log: (line: string) => void): Promise<{ skills: SkillsClient; entries: Skill[] }> {
  const skills = new SkillsClient(client);
  const entries: Skill[] = [];
  for await (const entry of skills.iterate()) entries.push(entry);
  log(`skills: ${entries.map((e) => e.uri).join(', ') || 'none'}`);
  return { skills, entries };
}

/**
 * SEP-2640 hosts that load every listed skill and then read each of its files: a skill whose
 * SKILL.md fails verification (digest, size, frontmatter) is refused, and none of its files is read.
 */
const loadEverySkill: Scenario = async (client, _context, log) => {
  const { skills, entries } = await listSkills(client, log);
  for (const entry of entries) {
    try {
      const loaded = await skills.load(entry);
      for (const uri of loaded.files) if (uri !== entry.uri) await loaded.read(uri);
      log(`${entry.uri}: loaded and read ${loaded.files.length} files`);
    } catch (error) {
      if (!(error instanceof SkillVerificationError)) throw error;
      log(`${entry.uri}: refused (${error.reason}): ${error.message}`);
    }
  }
};

export const scenarios: Record<string, Scenario> = {
  /** 2025-11-25: the handshake is the test; connect() already ran it. */
  initialize: async (client, _context, log) => {
    const tools = await allTools(client);
    log(`initialized at ${client.protocolVersion}; ${tools.length} tools`);
  },

  tools_call: (client, _context, log) => listAndCall(client, log, 'add_numbers', { a: 5, b: 3 }),

  /** Any request: the first is refused with -32022 and the client must renegotiate. */
  'request-metadata': async (client, _context, log) => {
    const tools = await client.listTools();
    log(`renegotiated to ${client.protocolVersion}; ${tools.tools.length} tools`);
  },

  /** Four tools: two MRTR flows (with and without requestState), an unrelated call, a result without resultType. */
  'sep-2322-client-request-state': async (client, _context, log) => {
    await allTools(client);
    for (const name of ['test_mrtr_echo_state', 'test_mrtr_unrelated', 'test_mrtr_no_state', 'test_mrtr_no_result_type']) {
      const result = await client.callTool({ name, arguments: {} });
      log(`${name}: ${JSON.stringify(result.content)}`);
    }
  },

  /** Every request kind that carries Mcp-Method, and those that carry Mcp-Name. */
  'http-standard-headers': async (client, _context, log) => {
    for (const tool of await allTools(client)) await client.callTool({ name: tool.name, arguments: sampleArguments(tool) });
    for (const resource of (await client.listResources()).resources) await client.readResource({ uri: resource.uri });
    for (const prompt of (await client.listPrompts()).prompts) await client.getPrompt({ name: prompt.name });
    log('listed, called, read and got everything');
  },

  /** The context names the calls to make; arguments go as given (Mcp-Param-* come from the schemas). */
  'http-custom-headers': async (client, context, log) => {
    await allTools(client);
    const calls = Array.isArray(context.toolCalls) ? (context.toolCalls as Array<{ name: string; arguments?: Record<string, unknown> }>) : [];
    if (calls.length === 0) throw new Error('MCP_CONFORMANCE_CONTEXT has no toolCalls');
    for (const call of calls) {
      const result = await client.callTool({ name: call.name, arguments: call.arguments ?? {} });
      log(`${call.name}: ${JSON.stringify(result.content)}`);
    }
  },

  /** The client drops tools with invalid x-mcp-header annotations; call every tool it kept. */
  'http-invalid-tool-headers': async (client, _context, log) => {
    const kept = await allTools(client);
    log(`kept: ${kept.map((t) => t.name).join(', ')}`);
    for (const tool of kept) await client.callTool({ name: tool.name, arguments: sampleArguments(tool) });
  },

  /** Listing is the test: a network $ref in a schema is never fetched. */
  'json-schema-ref-no-deref': async (client, _context, log) => {
    const tools = await allTools(client);
    log(`tools: ${tools.map((t) => t.name).join(', ')}`);
  },

  /** The schema of json_schema_2020_12_tool goes back to the server verbatim, through json_schema_echo. */
  'json-schema-2020-12-preservation': async (client, _context, log) => {
    const tools = await allTools(client);
    const schema = named(tools, 'json_schema_2020_12_tool').inputSchema;
    named(tools, 'json_schema_echo');
    const result = await client.callTool({ name: 'json_schema_echo', arguments: { schema } });
    log(`echoed: ${JSON.stringify(result.content).slice(0, 200)}`);
  },

  /** 2025-11-25: the server elicits a form with defaults; the handler accepts them. */
  'elicitation-sep1034-client-defaults': (client, _context, log) => listAndCall(client, log, 'test_client_elicitation_defaults'),

  /** 2025-11-25: the result arrives after the server closes the SSE stream; the transport resumes. */
  'sse-retry': (client, _context, log) => listAndCall(client, log, 'test_reconnection'),

  /** SEP-2640: the host builds its registry from the listing and loads nothing (no skill was asked for). */
  'sep-2640-client-no-prefetch': async (client, _context, log) => {
    await listSkills(client, log);
  },
  'sep-2640-client-verify-digest': loadEverySkill,
  'sep-2640-client-verify-size': loadEverySkill,
  'sep-2640-client-verify-frontmatter': loadEverySkill,
};

/** The behaviour of a scenario: its own, the shared one of `auth/*`, or none. */
export function scenarioFor(name: string): Scenario | undefined {
  return scenarios[name] ?? (name.startsWith('auth/') ? authorizedSession : undefined);
}
