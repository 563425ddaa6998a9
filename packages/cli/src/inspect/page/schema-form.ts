import { h } from './dom.js';

/**
 * A form generated from a JSON Schema object (a tool's `inputSchema`, an elicitation's
 * `requestedSchema`, a prompt's arguments): one field per property, by type — text (with the
 * `format`'s input type), number, checkbox or a true/false choice, a select for `enum` and
 * `oneOf`/`anyOf` of `const`, checkboxes for an array of choices, lines for an array of strings,
 * JSON for anything deeper. "Edit as JSON" swaps the whole form for the arguments object. The
 * value is read back typed, with required fields and numbers checked before anything is sent.
 */

type Schema = Record<string, unknown>;

/** Suggests values for a text field as it is typed (completion/complete). */
export type Completer = (name: string, value: string, others: Record<string, string>) => Promise<readonly string[]>;

/** A generated form. */
export interface SchemaForm {
  readonly element: HTMLElement;
  /** The typed value, or the first problem. */
  read(): { ok: true; value: Record<string, unknown> } | { ok: false; error: string };
}

interface FieldReader {
  readonly name: string;
  /** undefined: not set (left out). */
  read(): { ok: true; value: unknown } | { ok: false; error: string };
  /** Sets the field from a value (when leaving the JSON editor). */
  write(value: unknown): void;
}

const INPUT_TYPES: Record<string, string> = { email: 'email', uri: 'url', date: 'date', 'date-time': 'datetime-local' };

function choicesOf(schema: Schema): { value: unknown; label: string }[] | undefined {
  if (Array.isArray(schema.enum)) {
    const names = Array.isArray(schema.enumNames) ? (schema.enumNames as unknown[]) : [];
    return schema.enum.map((value, i) => ({ value, label: typeof names[i] === 'string' ? (names[i] as string) : String(value) }));
  }
  const options = (schema.oneOf ?? schema.anyOf) as unknown;
  if (Array.isArray(options) && options.every((o) => typeof o === 'object' && o !== null && 'const' in o)) {
    return options.map((o: { const: unknown; title?: unknown }) => ({ value: o.const, label: typeof o.title === 'string' ? o.title : String(o.const) }));
  }
  return undefined;
}

const typeOf = (schema: Schema): string | undefined =>
  Array.isArray(schema.type) ? (schema.type.find((t) => t !== 'null') as string) : (schema.type as string | undefined);

let uid = 0;

function field(
  name: string,
  schema: Schema,
  required: boolean,
  idBase: string,
  complete: Completer | undefined,
  others: () => Record<string, string>,
): { row: HTMLElement; reader: FieldReader } {
  const id = `${idBase}-${name}-${++uid}`;
  const label = h(
    'label',
    { for: id, class: 'field-label' },
    typeof schema.title === 'string' ? schema.title : name,
    required && h('span', { class: 'req', title: 'required' }, ' *'),
  );
  const help = typeof schema.description === 'string' ? h('div', { class: 'help' }, schema.description) : null;
  const type = typeOf(schema);
  const choices = choicesOf(schema);
  const fallback = schema.default;
  let control: HTMLElement;
  let reader: FieldReader;
  const missing = () => ({ ok: false as const, error: `"${name}" is required` });

  if (choices !== undefined && type !== 'array') {
    const select = h(
      'select',
      { id, name },
      !required && h('option', { value: '' }, '(not set)'),
      choices.map((c, i) => h('option', { value: String(i), selected: fallback !== undefined && c.value === fallback }, c.label)),
    );
    control = select;
    reader = {
      name,
      read: () => (select.value === '' ? (required ? missing() : { ok: true, value: undefined }) : { ok: true, value: choices[Number(select.value)]!.value }),
      write: (v) =>
        (select.value = String(
          Math.max(
            -1,
            choices.findIndex((c) => c.value === v),
          ),
        ).replace('-1', '')),
    };
  } else if (type === 'boolean') {
    if (required) {
      const box = h('input', { id, name, type: 'checkbox', checked: fallback === true });
      control = h('span', { class: 'check' }, box);
      reader = { name, read: () => ({ ok: true, value: box.checked }), write: (v) => (box.checked = v === true) };
    } else {
      const select = h(
        'select',
        { id, name },
        h('option', { value: '' }, '(not set)'),
        h('option', { value: 'true', selected: fallback === true }, 'true'),
        h('option', { value: 'false', selected: fallback === false }, 'false'),
      );
      control = select;
      reader = {
        name,
        read: () => ({ ok: true, value: select.value === '' ? undefined : select.value === 'true' }),
        write: (v) => (select.value = v === undefined ? '' : String(v)),
      };
    }
  } else if (type === 'number' || type === 'integer') {
    const input = h('input', { id, name, type: 'number', step: type === 'integer' ? '1' : 'any', value: typeof fallback === 'number' ? String(fallback) : '' });
    control = input;
    reader = {
      name,
      read: () => {
        if (input.value.trim() === '') return required ? missing() : { ok: true, value: undefined };
        const n = Number(input.value);
        if (!Number.isFinite(n)) return { ok: false, error: `"${name}" must be a number` };
        if (type === 'integer' && !Number.isInteger(n)) return { ok: false, error: `"${name}" must be a whole number` };
        return { ok: true, value: n };
      },
      write: (v) => (input.value = typeof v === 'number' ? String(v) : ''),
    };
  } else if (type === 'array' && choicesOf((schema.items ?? {}) as Schema) !== undefined) {
    const options = choicesOf((schema.items ?? {}) as Schema)!;
    const defaults = Array.isArray(fallback) ? fallback : [];
    const boxes = options.map((c) => h('input', { type: 'checkbox', checked: defaults.includes(c.value) }));
    control = h(
      'div',
      { class: 'multi', id },
      options.map((c, i) => h('label', { class: 'chip' }, boxes[i]!, c.label)),
    );
    reader = {
      name,
      read: () => {
        const value = options.filter((_, i) => boxes[i]!.checked).map((c) => c.value);
        return value.length === 0 && !required ? { ok: true, value: undefined } : { ok: true, value };
      },
      write: (v) => boxes.forEach((b, i) => (b.checked = Array.isArray(v) && v.includes(options[i]!.value))),
    };
  } else if (
    type === 'string' ||
    (type === undefined && schema.properties === undefined && schema.items === undefined && !('anyOf' in schema) && !('oneOf' in schema))
  ) {
    const listId = complete ? `${id}-list` : undefined;
    const input = h('input', {
      id,
      name,
      type: INPUT_TYPES[String(schema.format)] ?? 'text',
      value: typeof fallback === 'string' ? fallback : '',
      ...(listId && { list: listId }),
      ...(typeof schema.examples === 'object' && Array.isArray(schema.examples) && { placeholder: String(schema.examples[0]) }),
    });
    control = input;
    if (complete && listId) {
      const list = h('datalist', { id: listId });
      let asked = 0;
      input.addEventListener('input', () => {
        const ticket = ++asked;
        complete(name, input.value, others()).then(
          (values) => {
            if (ticket !== asked) return;
            list.replaceChildren(...values.map((v) => h('option', { value: v })));
          },
          () => undefined,
        );
      });
      control = h('span', { class: 'with-list' }, input, list);
    }
    reader = {
      name,
      read: () => (input.value === '' ? (required ? missing() : { ok: true, value: undefined }) : { ok: true, value: input.value }),
      write: (v) => (input.value = typeof v === 'string' ? v : v === undefined ? '' : String(v)),
    };
  } else if (type === 'array' && typeOf((schema.items ?? {}) as Schema) === 'string') {
    const area = h('textarea', { id, name, rows: 3, placeholder: 'one value per line' });
    if (Array.isArray(fallback)) area.value = fallback.join('\n');
    control = area;
    reader = {
      name,
      read: () => {
        const lines = area.value.split('\n').filter((l) => l !== '');
        return lines.length === 0 && !required ? { ok: true, value: undefined } : { ok: true, value: lines };
      },
      write: (v) => (area.value = Array.isArray(v) ? v.join('\n') : ''),
    };
  } else {
    const area = h('textarea', { id, name, rows: 3, placeholder: 'JSON', class: 'code' });
    if (fallback !== undefined) area.value = JSON.stringify(fallback, null, 2);
    control = area;
    reader = {
      name,
      read: () => {
        if (area.value.trim() === '') return required ? missing() : { ok: true, value: undefined };
        try {
          return { ok: true, value: JSON.parse(area.value) };
        } catch {
          return { ok: false, error: `"${name}" is not valid JSON` };
        }
      },
      write: (v) => (area.value = v === undefined ? '' : JSON.stringify(v, null, 2)),
    };
  }
  const row = h('div', { class: 'field', attrs: { 'data-field': name } }, label, control, help);
  return { row, reader };
}

/** Builds the form for an object schema. */
export function schemaForm(
  schema: Readonly<Record<string, unknown>> | undefined,
  options: { idBase: string; complete?: Completer } = { idBase: 'f' },
): SchemaForm {
  const properties = ((schema?.properties ?? {}) as Record<string, Schema>) ?? {};
  const required = new Set(Array.isArray(schema?.required) ? (schema.required as string[]) : []);
  const readers: FieldReader[] = [];
  const others = (): Record<string, string> => {
    const values: Record<string, string> = {};
    for (const r of readers) {
      const v = r.read();
      if (v.ok && typeof v.value === 'string') values[r.name] = v.value;
    }
    return values;
  };
  const rows = Object.entries(properties).map(([name, property]) => {
    const made = field(name, property, required.has(name), options.idBase, options.complete, others);
    readers.push(made.reader);
    return made.row;
  });
  const fields = h('div', { class: 'fields' }, rows.length === 0 ? h('p', { class: 'muted' }, 'No arguments.') : rows);
  const json = h('textarea', { class: 'code json-editor', rows: 8, testid: 'json-editor' });
  json.hidden = true;
  let asJson = false;
  const readFields = (): { ok: true; value: Record<string, unknown> } | { ok: false; error: string } => {
    const value: Record<string, unknown> = {};
    for (const reader of readers) {
      const read = reader.read();
      if (!read.ok) return read;
      if (read.value !== undefined) value[reader.name] = read.value;
    }
    return { ok: true, value };
  };
  const toggle = h('button', {
    type: 'button',
    class: 'link',
    testid: 'toggle-json',
    on: {
      click: () => {
        if (!asJson) {
          const current = readFields();
          json.value = JSON.stringify(current.ok ? current.value : {}, null, 2);
        } else {
          try {
            const parsed = JSON.parse(json.value) as Record<string, unknown>;
            for (const reader of readers) reader.write(parsed[reader.name]);
          } catch {
            // Keep the JSON editor open: its text does not parse.
            return;
          }
        }
        asJson = !asJson;
        fields.hidden = asJson;
        json.hidden = !asJson;
        toggle.textContent = asJson ? 'Edit as a form' : 'Edit as JSON';
      },
    },
  });
  toggle.textContent = 'Edit as JSON';
  return {
    element: h('div', { class: 'schema-form' }, fields, json, Object.keys(properties).length > 0 || schema?.additionalProperties !== false ? toggle : null),
    read: () => {
      if (!asJson) return readFields();
      try {
        const parsed: unknown = JSON.parse(json.value === '' ? '{}' : json.value);
        if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return { ok: false, error: 'the arguments must be a JSON object' };
        return { ok: true, value: parsed as Record<string, unknown> };
      } catch {
        return { ok: false, error: 'the arguments are not valid JSON' };
      }
    },
  };
}
