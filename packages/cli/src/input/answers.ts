import type { InputContext, InputHandlers } from '@mcpkit/client';
import {
  validateCreateMessageResult,
  validateElicitResult,
  validateListRootsResult,
  type CreateMessageResult,
  type ElicitRequestFormParams,
  type ElicitRequestURLParams,
  type ElicitResult,
  type ListRootsResult,
} from '@mcpkit/schema';
import { UsageError } from '../cli/exit-codes.js';
import { describeJson } from '../cli/values.js';
import { checkFormContent, formFields } from './form-fields.js';
import type { InputFailures } from './input-failures.js';

/**
 * `--answers`: a JSON array whose items answer the server's input requests in the order they come,
 * in either era (MRTR `inputRequests` or legacy server-initiated requests). The kinds of items
 * decide what the client declares: an `ElicitResult` declares elicitation, a `CreateMessageResult`
 * sampling, a `ListRootsResult` roots. Each item is checked against the request it answers (its
 * schema, and an accepted form's content against the requested fields) before it is sent.
 */

type Kind = 'elicitation' | 'sampling' | 'roots';
const KIND_OF_METHOD: Readonly<Record<string, Kind>> = {
  'elicitation/create': 'elicitation',
  'sampling/createMessage': 'sampling',
  'roots/list': 'roots',
};
const TYPE_OF_KIND: Readonly<Record<Kind, string>> = { elicitation: 'ElicitResult', sampling: 'CreateMessageResult', roots: 'ListRootsResult' };

function kindOf(item: unknown, index: number): Kind {
  if (item !== null && typeof item === 'object' && !Array.isArray(item)) {
    if ('action' in item) return 'elicitation';
    if ('roots' in item) return 'roots';
    if ('role' in item || 'model' in item) return 'sampling';
  }
  throw new UsageError(
    `--answers[${index}] is ${describeJson(item)}, not an ElicitResult ({"action":"accept","content":{…}}), ` +
      'a CreateMessageResult ({"role":"assistant","content":{…},"model":"…"}) or a ListRootsResult ({"roots":[…]})',
  );
}

/** "an ElicitResult", "a ListRootsResult". */
function an(type: string): string {
  return `${/^[AEIOU]/.test(type) ? 'an' : 'a'} ${type}`;
}

function explain(errors: { instancePath: string; message?: string }[] | null | undefined): string {
  return (errors ?? []).map((e) => `${e.instancePath || '(item)'} ${e.message ?? 'is invalid'}`).join('; ');
}

/** Hands out `--answers` items in order and checks each against the request it answers. */
export class AnswerQueue {
  private next = 0;
  private readonly kinds: readonly Kind[];

  constructor(
    private readonly items: readonly unknown[],
    private readonly failures: InputFailures,
  ) {
    this.kinds = items.map((item, index) => kindOf(item, index));
  }

  /** How many items were never used. */
  get unused(): number {
    return this.items.length - this.next;
  }

  /** The handlers, one per kind of item present; they declare exactly those capabilities. */
  handlers(): InputHandlers {
    const has = (kind: Kind) => this.kinds.includes(kind);
    const handlers: InputHandlers = {};
    if (has('elicitation')) {
      handlers.elicitation = {
        form: (params, context) => this.take('elicitation/create', context, params) as ElicitResult,
        url: (params, context) => this.take('elicitation/create', context, params) as ElicitResult,
      };
    }
    if (has('sampling')) handlers.sampling = (_params, context) => this.take('sampling/createMessage', context) as CreateMessageResult;
    if (has('roots')) handlers.roots = (_params, context) => this.take('roots/list', context) as ListRootsResult;
    return handlers;
  }

  private take(method: string, context: InputContext, params?: ElicitRequestFormParams | ElicitRequestURLParams): unknown {
    const index = this.next;
    const where = `the server's input request #${index + 1} (${method}, "${context.key}")`;
    if (index >= this.items.length) {
      throw this.failures.record(new UsageError(`${where} has no answer: --answers has only ${this.items.length} item(s)`));
    }
    this.next++;
    const item = this.items[index];
    const kind = KIND_OF_METHOD[method]!;
    if (this.kinds[index] !== kind) {
      throw this.failures.record(
        new UsageError(`--answers[${index}] is ${an(TYPE_OF_KIND[this.kinds[index]!])}, but ${where} needs ${an(TYPE_OF_KIND[kind])}`),
      );
    }
    const validate = kind === 'elicitation' ? validateElicitResult : kind === 'sampling' ? validateCreateMessageResult : validateListRootsResult;
    if (!validate(item)) {
      throw this.failures.record(new UsageError(`--answers[${index}] is not a valid ${TYPE_OF_KIND[kind]} for ${where}: ${explain(validate.errors)}`));
    }
    if (kind === 'elicitation' && params !== undefined) this.checkElicitation(index, item as ElicitResult, params, where);
    return item;
  }

  private checkElicitation(index: number, item: ElicitResult, params: ElicitRequestFormParams | ElicitRequestURLParams, where: string): void {
    if (params.mode === 'url') {
      if (item.content !== undefined)
        throw this.failures.record(new UsageError(`--answers[${index}] answers a URL elicitation (${where}): it takes no content, only an action`));
      return;
    }
    if (item.action !== 'accept') return;
    const problems = checkFormContent(formFields(params.requestedSchema), (item.content ?? {}) as Record<string, unknown>);
    if (problems.length > 0) {
      throw this.failures.record(new UsageError(`--answers[${index}] does not fit the form of ${where}: ${problems.join('; ')}`));
    }
  }
}
