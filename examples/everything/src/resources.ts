import { resource, resourceTemplate, type ResourceDefinition, type ResourceTemplateDefinition } from '@mcpkit/server';
import { RED_PIXEL_PNG } from './media.js';

/** Direct resources: text, binary, and one that changes (see the `touch_resource` tool). */
export function everythingResources(state: { watchedVersion: number }): ResourceDefinition[] {
  return [
    resource({
      uri: 'test://static-text',
      name: 'static-text',
      description: 'A static text resource.',
      mimeType: 'text/plain',
      ttlMs: 60_000,
      cacheScope: 'public',
      read: () => ({ contents: [{ text: 'This is the content of the static text resource.' }] }),
    }),
    resource({
      uri: 'test://static-binary',
      name: 'static-binary',
      description: 'A static binary resource (a 1x1 PNG).',
      mimeType: 'image/png',
      ttlMs: 60_000,
      cacheScope: 'public',
      read: () => ({ contents: [{ blob: RED_PIXEL_PNG }] }),
    }),
    resource({
      uri: 'test://watched-resource',
      name: 'watched-resource',
      description: 'A resource whose content changes each time the touch_resource tool runs.',
      mimeType: 'text/plain',
      read: () => ({ contents: [{ text: `version ${state.watchedVersion}` }] }),
    }),
  ];
}

/** A template whose `{id}` variable is substituted into the content, with completions for `id`. */
export function everythingTemplates(): ResourceTemplateDefinition[] {
  return [
    resourceTemplate({
      uriTemplate: 'test://template/{id}/data',
      name: 'template-data',
      description: 'JSON data for an id.',
      mimeType: 'application/json',
      complete: { id: (value) => ['123', '124', '200'].filter((id) => id.startsWith(value)) },
      read: (_uri, { id }) => ({ contents: [{ text: JSON.stringify({ id, templateTest: true, data: `Data for ID: ${id}` }) }] }),
    }),
  ];
}
