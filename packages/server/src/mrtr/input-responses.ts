import type { CreateMessageResult, ElicitResult, InputResponses, ListRootsResult } from '@mcpkit/schema';
import { validateCreateMessageResult, validateElicitResult, validateListRootsResult } from '@mcpkit/schema/2026-07-28/validators/requests';
import { checkFormContent, type FormContent, type FormSchema } from './form-schema.js';

/** An answer to a form elicitation, checked against the form: accepted with fitting content, or declined/cancelled. */
export type ElicitAnswer<S extends FormSchema> = { action: 'accept'; content: FormContent<S> } | { action: 'decline' | 'cancel' };

/**
 * Typed access to the `inputResponses` of a retried request. Each reader checks the answer under
 * `key` against what was asked: the result type of its method (precompiled validators of
 * `@mcpkit/schema`) and, for a form, the form's schema. An answer that is absent, of another kind,
 * or does not fit reads as `undefined`, so the handler asks again with a new `inputRequired`
 * (basic/patterns/mrtr.mdx "Error Handling") and never runs on data it did not ask for. Unknown
 * extra keys are ignored.
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

  /** The raw answer under `key`, unchecked. */
  raw(key: string): unknown {
    return this.responses ? (this.responses as Record<string, unknown>)[key] : undefined;
  }

  /**
   * The elicitation answer under `key` (`accept` / `decline` / `cancel`). With the form's schema, an
   * `accept` whose content does not fit it reads as `undefined`, and the content holds only the
   * form's fields; without one (URL mode), the answer is only checked to be an `ElicitResult`.
   */
  elicitation(key: string): ElicitResult | undefined;
  elicitation<S extends FormSchema>(key: string, schema: S): ElicitAnswer<S> | undefined;
  // The implementation returns checked content as a plain record: the overloads above give it its type.
  elicitation(
    key: string,
    schema?: FormSchema,
  ): ElicitResult | { action: 'accept'; content: Record<string, unknown> } | { action: 'decline' | 'cancel' } | undefined {
    const value = this.raw(key);
    if (!validateElicitResult(value)) return undefined;
    if (schema === undefined || value.action !== 'accept') return schema === undefined ? value : { action: value.action };
    const checked = checkFormContent(schema, value.content);
    return checked.ok ? { action: 'accept', content: checked.content } : undefined;
  }

  /**
   * The submitted form under `key` when the user accepted and the content fits `schema` (the form's
   * `requestedSchema`, the one given to `elicitForm`), typed from it; else `undefined`.
   * @example
   * const who = { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] } as const;
   * const answer = ctx.input.accepted('who', who); // { name: string } | undefined
   * if (!answer) return inputRequired({ who: elicitForm({ message: 'Your name?', requestedSchema: who }) });
   */
  accepted<S extends FormSchema>(key: string, schema: S): FormContent<S> | undefined {
    const answer = this.elicitation(key, schema);
    return answer?.action === 'accept' ? answer.content : undefined;
  }

  /** The sampling answer under `key`, when it is a valid `CreateMessageResult`. */
  sampling(key: string): CreateMessageResult | undefined {
    const value = this.raw(key);
    return validateCreateMessageResult(value) ? value : undefined;
  }

  /** The roots answer under `key`, when it is a valid `ListRootsResult`. */
  roots(key: string): ListRootsResult | undefined {
    const value = this.raw(key);
    return validateListRootsResult(value) ? value : undefined;
  }
}

/** The reader of a request without input responses. */
export const NO_INPUT_RESPONSES = new InputResponsesReader(undefined);
