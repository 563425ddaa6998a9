import type { ElicitRequestFormParams, ElicitResult } from '@mcpkit/schema';
import { formFields, parseFieldText, type Field } from './form-fields.js';
import type { PromptHost } from './interactive.js';

/**
 * Asks an elicitation form field by field: the label, description, type and default are shown;
 * enums are numbered choices; each answer is typed and checked against the requested schema and
 * asked again until it fits. An empty answer takes the default (or skips an optional field). At
 * the end the user sends, declines or cancels. End of input at any point cancels.
 */
export async function askForm(host: PromptHost, schema: ElicitRequestFormParams['requestedSchema']): Promise<ElicitResult> {
  const fields = formFields(schema);
  const content: Record<string, unknown> = {};
  for (const field of fields) {
    const value = await askField(host, field);
    if (value === CANCEL) return { action: 'cancel' };
    if (value !== SKIP) content[field.name] = value;
  }
  host.say(host.style.dim(`answers: ${JSON.stringify(content)}`));
  for (;;) {
    const answer = await host.reader.ask('Send these answers? [Y]es / [n]o, decline / [c]ancel ');
    if (answer === undefined) return { action: 'cancel' };
    const word = answer.trim().toLowerCase();
    if (word === '' || word === 'y' || word === 'yes') return { action: 'accept', content: content as ElicitResult['content'] };
    if (word === 'n' || word === 'no') return { action: 'decline' };
    if (word === 'c' || word === 'cancel') return { action: 'cancel' };
  }
}

const CANCEL = Symbol('cancel');
const SKIP = Symbol('skip');

function typeHint(field: Field): string {
  switch (field.kind) {
    case 'boolean':
      return 'y/n';
    case 'number':
    case 'integer': {
      const range = [field.minimum !== undefined ? `≥ ${field.minimum}` : '', field.maximum !== undefined ? `≤ ${field.maximum}` : '']
        .filter(Boolean)
        .join(', ');
      return range ? `${field.kind}, ${range}` : field.kind;
    }
    case 'enum':
      return 'a number or a value';
    case 'multi':
      return 'numbers or values, comma-separated';
    default:
      return field.format ?? 'text';
  }
}

function defaultText(field: Field): string {
  if (field.default === undefined) return '';
  if (field.kind === 'boolean') return field.default ? 'y' : 'n';
  return Array.isArray(field.default) ? field.default.join(',') : String(field.default);
}

async function askField(host: PromptHost, field: Field): Promise<unknown> {
  const { style } = host;
  host.say(`${style.bold(field.label)}${field.required ? style.red(' *') : ''}${field.description ? style.dim(` — ${field.description}`) : ''}`);
  if (field.choices !== undefined) {
    field.choices.forEach((choice, i) =>
      host.say(`  ${style.cyan(String(i + 1))}) ${choice.label}${choice.label !== choice.value ? style.dim(` (${choice.value})`) : ''}`),
    );
  }
  const fallback = defaultText(field);
  const prompt = `  ${style.dim(`${typeHint(field)}${fallback ? `, default ${fallback}` : field.required ? '' : ', empty to skip'}`)} > `;
  for (;;) {
    const text = await host.reader.ask(prompt);
    if (text === undefined) return CANCEL;
    if (text.trim() === '') {
      if (field.default !== undefined) return field.default;
      if (!field.required) return SKIP;
      host.say(style.yellow('  a value is required'));
      continue;
    }
    const parsed = parseFieldText(field, text);
    if (parsed.ok) return parsed.value;
    host.say(style.yellow(`  ${parsed.error}`));
  }
}
