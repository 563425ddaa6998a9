import type { ClientExtension } from '@mcpkit/client';
import { SKILLS_EXTENSION_ID, validateGetSkillResult, validateListSkillsResult, validateReadResourceDirectoryResult } from '@mcpkit/schema/skills';

/**
 * The skills extension (`io.modelcontextprotocol/skills`) for a `ModernClient`
 * (`extensions: [skillsExtension()]`): the client declares it, checks the results of `skills/list`,
 * `skills/get` and `resources/directory/read` against the extension's schema where they enter, and
 * sends their `Mcp-Name` on HTTP. `SkillsClient` makes the calls.
 *
 * @example const client = new ModernClient(transport, { extensions: [skillsExtension()] });
 */
export function skillsExtension(): ClientExtension {
  return {
    id: SKILLS_EXTENSION_ID,
    methods: {
      'skills/list': { result: validateListSkillsResult },
      'skills/get': { result: validateGetSkillResult, nameSource: 'uri' },
      'resources/directory/read': { result: validateReadResourceDirectoryResult, nameSource: 'uri' },
    },
  };
}
