import uriTemplateRouter from 'uri-template-router';

const { Route, Router } = uriTemplateRouter;

/** A parsed RFC 6570 URI template. */
export interface UriTemplate {
  readonly text: string;
  /** Its variable names, in order. */
  readonly variables: readonly string[];
}

/** Parses a URI template once; throws a `TypeError` when it is not valid RFC 6570 (or not reversible). */
export function compileTemplate(text: string): UriTemplate {
  try {
    const route = new Route(text);
    return Object.freeze({ text, variables: Object.freeze(route.variables.map((v) => v.varname)) });
  } catch (error) {
    throw new TypeError(`URI template ${JSON.stringify(text)} is invalid: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** A match of a URI against a set of templates. */
export interface TemplateMatch {
  /** Index of the matching template in the set. */
  readonly index: number;
  readonly variables: Readonly<Record<string, string | string[]>>;
}

/**
 * Matches URIs against a fixed set of templates with one state machine (built once per registry),
 * preferring the most specific template when several match.
 */
export class TemplateMatcher {
  private readonly router = new Router();

  constructor(templates: readonly UriTemplate[]) {
    templates.forEach((template, index) => this.router.addTemplate(template.text, {}, index));
  }

  /** The best template for `uri`, with its variables; `undefined` when none matches. */
  match(uri: string): TemplateMatch | undefined {
    const result = this.router.resolveURI(uri);
    if (!result) return undefined;
    return { index: result.matchValue as number, variables: result.params ?? {} };
  }
}
