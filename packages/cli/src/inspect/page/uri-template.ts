/**
 * RFC 6570 URI templates, as far as resource templates use them: the variables of a template, and
 * its expansion (simple `{x}`, reserved `{+x}`, fragment `{#x}`, and the `/`, `.`, `;`, `?`, `&`
 * operators, with comma-separated variable lists).
 */

const EXPRESSION = /\{([+#./;?&]?)([^}]+)\}/g;

/** The variable names, in order, once each. */
export function templateVariables(template: string): string[] {
  const names: string[] = [];
  for (const match of template.matchAll(EXPRESSION)) {
    for (const raw of match[2]!.split(',')) {
      const name = raw.replace(/[*]$|:\d+$/, '').trim();
      if (name !== '' && !names.includes(name)) names.push(name);
    }
  }
  return names;
}

const OPERATORS: Record<string, { first: string; sep: string; named: boolean; reserved: boolean }> = {
  '': { first: '', sep: ',', named: false, reserved: false },
  '+': { first: '', sep: ',', named: false, reserved: true },
  '#': { first: '#', sep: ',', named: false, reserved: true },
  '.': { first: '.', sep: '.', named: false, reserved: false },
  '/': { first: '/', sep: '/', named: false, reserved: false },
  ';': { first: ';', sep: ';', named: true, reserved: false },
  '?': { first: '?', sep: '&', named: true, reserved: false },
  '&': { first: '&', sep: '&', named: true, reserved: false },
};

const encode = (value: string, reserved: boolean): string => (reserved ? encodeURI(value) : encodeURIComponent(value));

/** Expands `template` with `values` (missing values are left out, as the RFC says). */
export function expandTemplate(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(EXPRESSION, (_, operator: string, list: string) => {
    const op = OPERATORS[operator]!;
    const parts: string[] = [];
    for (const raw of list.split(',')) {
      const name = raw.replace(/[*]$|:\d+$/, '').trim();
      const value = values[name];
      if (value === undefined) continue;
      const encoded = encode(value, op.reserved);
      parts.push(op.named ? (value === '' && op.first === ';' ? name : `${name}=${encoded}`) : encoded);
    }
    return parts.length === 0 ? '' : op.first + parts.join(op.sep);
  });
}
