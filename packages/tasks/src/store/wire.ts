/** The wire types this package uses, from their owners. */
export type { ClientCapabilities, Implementation, InputRequest, InputResponses } from '@mcpkit/schema';
export type { TaskStatus } from '@mcpkit/schema/tasks';
