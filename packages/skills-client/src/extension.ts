import type { ClientExtension } from '@mcpkit/client';
import { SKILLS_EXTENSION_ID, validateGetSkillResult, validateListSkillsResult, validateReadResourceDirectoryResult } from '@mcpkit/schema/skills';

/**
 * The skills extension (`io.modelcontextprotocol/skills`) for a `ModernClient`
 * (`extensions: [skillsExtension()]`): the client declares it and checks the results of `skills/list`,
 * `skills/get` and `resources/directory/read` against the extension's schema where they enter
 * (the extension defines no `Mcp-Name` for them). `SkillsClient` makes the calls.
 *
 * @example const client = new ModernClient(transport, { extensions: [skillsExtension()] });
 */
export function skillsExtension(): ClientExtension {
  return {
    id: SKILLS_EXTENSION_ID,
    methods: {
      'skills/list': { result: validateListSkillsResult },
      'skills/get': { result: validateGetSkillResult },
      'resources/directory/read': { result: validateReadResourceDirectoryResult },
    },
  };
}
