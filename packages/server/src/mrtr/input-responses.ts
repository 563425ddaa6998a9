import type { CreateMessageResult, ElicitResult, InputResponses, ListRootsResult } from '@mcpkit/schema';

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * Typed access to the `inputResponses` of a retried request. Each reader returns `undefined` when
 * the key is absent or holds an answer of another kind, so a handler asks again instead of failing
 * (basic/patterns/mrtr.mdx "Error Handling"). Unknown extra keys are ignored.
 */
export class InputResponsesReader {
  constructor(private readonly responses: InputResponses | undefined) {}

  /** Whether the request carried any input responses. */
  get present(): boolean {
    return !!this.responses && Object.keys(this.responses).length > 0;
  }

  /** Every answer as the client sent it, by key (an extension that resumes the handler later keeps them). */
  all(): Readonly<Record<string, unknown>> {
    return this.responses ?? {};
  }

  /** The raw answer under `key`. */
  raw(key: string): unknown {
    return this.responses ? (this.responses as Record<string, unknown>)[key] : undefined;
  }

  /** The elicitation answer under `key` (`accept` / `decline` / `cancel`). */
  elicitation<Content extends Record<string, unknown> = Record<string, unknown>>(
    key: string,
  ): (ElicitResult & { content?: Content }) | undefined {
    const value = this.raw(key);
    return isObject(value) && typeof value.action === 'string' ? (value as unknown as ElicitResult & { content?: Content }) : undefined;
  }

  /** The submitted form content under `key` when the user accepted, else `undefined`. */
  accepted<Content extends Record<string, unknown> = Record<string, unknown>>(key: string): Content | undefined {
    const answer = this.elicitation<Content>(key);
    return answer?.action === 'accept' ? (answer.content ?? ({} as Content)) : undefined;
  }

  /** The sampling answer under `key`. */
  sampling(key: string): CreateMessageResult | undefined {
    const value = this.raw(key);
    return isObject(value) && typeof value.model === 'string' && 'content' in value
      ? (value as unknown as CreateMessageResult)
      : undefined;
  }

  /** The roots answer under `key`. */
  roots(key: string): ListRootsResult | undefined {
    const value = this.raw(key);
    return isObject(value) && Array.isArray(value.roots) ? (value as unknown as ListRootsResult) : undefined;
  }
}

/** The reader of a request without input responses. */
export const NO_INPUT_RESPONSES = new InputResponsesReader(undefined);
