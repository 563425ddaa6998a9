// Types for the parts of uri-template-router (which ships none) that mcpkit uses.
declare module 'uri-template-router' {
  export class Route {
    constructor(uriTemplate: string, options?: object, matchValue?: unknown);
    readonly uriTemplate: string;
    readonly variables: ReadonlyArray<{ readonly varname: string }>;
  }
  export interface Result {
    readonly uriTemplate: string;
    readonly matchValue: unknown;
    readonly params: Record<string, string | string[]> | undefined;
    next(): Result | undefined;
  }
  export class Router {
    addTemplate(uriTemplate: string, options?: object, matchValue?: unknown): Route;
    resolveURI(uri: string): Result | undefined;
  }
  const api: { Router: typeof Router; Route: typeof Route };
  export default api;
}
