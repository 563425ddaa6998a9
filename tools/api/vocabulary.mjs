// The vocabulary of CONTRIBUTING.md, checked over the committed API reports: the rules that can be
// read off declarations. Each finding is `{ rule, name, where, detail }`; the exceptions are the rows
// of the "Exceptions" table in CONTRIBUTING.md (rule and name), each with its reason there.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { generatedNames, publicEntries } from './surface.mjs';

/** The blocks of a report's code: each top-level declaration with its body (members). */
function blocks(text) {
  const out = [];
  let current;
  for (const line of text.split('\n')) {
    if (/^(export )?(declare )?(abstract class|class|const|function|interface|type|namespace|enum) /.test(line)) {
      current = { head: line, body: [] };
      out.push(current);
    } else if (current && /^ {4}\S/.test(line)) current.body.push(line.trim());
    else if (line === '}' || line === '') current = line === '' ? undefined : current;
  }
  return out;
}

const lowerFirst = (s) => s.charAt(0).toLowerCase() + s.slice(1);

/** Runs every rule; returns the findings not covered by an exception. */
export function vocabularyFindings(repoRoot, { withExceptions = false } = {}) {
  const entries = publicEntries(repoRoot).filter((e) => !(e.pkg === '@mcpkit/schema' && e.subpath !== '.' && e.subpath !== './json-schema'));
  const generated = generatedNames(repoRoot);
  const findings = [];
  const classes = new Map(); // name → { parent, publicCtor, where }
  const declaredIn = new Map(); // name → Set of packages
  const functions = [];
  const madeKinds = new Map(); // name → 'class' | 'interface' (what a factory can make)
  for (const entry of entries) {
    const where = entry.pkg + (entry.subpath === '.' ? '' : entry.subpath.slice(1));
    const text = readFileSync(join(entry.root, entry.report), 'utf8');
    for (const block of blocks(text)) {
      const m = block.head.match(/^(export )?(?:declare )?(abstract class|class|const|function|interface|type|namespace|enum) ([A-Za-z0-9_$]+)/);
      if (!m) continue;
      const [, exported, kind, name] = m;
      if (exported && !(entry.pkg === '@mcpkit/schema' && generated.has(name))) {
        if (!declaredIn.has(name)) declaredIn.set(name, new Set());
        declaredIn.get(name).add(entry.pkg);
      }
      if (kind === 'interface' || kind.endsWith('class')) madeKinds.set(name, kind.endsWith('class') ? 'class' : 'interface');
      if (kind.endsWith('class')) {
        const parent = block.head.match(/ extends ([A-Za-z0-9_$]+)/)?.[1];
        const at = block.body.findIndex((l) => /^(private |protected )?constructor\(/.test(l));
        const ctor = at < 0 ? undefined : block.body[at];
        // A constructor marked `@internal` (the class is made by its factory) is not a user's to call.
        const publicCtor = kind === 'class' && (ctor === undefined || !/^(private|protected) /.test(ctor)) && block.body[at - 1] !== '// @internal';
        if (!classes.has(name)) classes.set(name, { parent, publicCtor, where, exported: Boolean(exported) });
      }
      if (kind === 'function' && exported) functions.push({ name, head: block.head, where });
      // Options are `…Options`: a parameter named `options` of an exported function or constructor.
      const signatures = kind === 'function' ? [block.head] : kind.endsWith('class') ? block.body.filter((l) => l.startsWith('constructor(')) : [];
      for (const sig of signatures) {
        const opt = sig.match(/\boptions\??: ([A-Za-z0-9_$<>.]+)/);
        if (opt && exported && !/Options>?$/.test(opt[1]))
          findings.push({ rule: 'options', name, where, detail: `its options are a ${opt[1]}, not an …Options type` });
      }
      // Units are suffixes: a duration is …Ms.
      if (exported && (kind === 'interface' || kind === 'type' || kind.endsWith('class'))) {
        for (const member of block.body) {
          const mm = member.match(/^(?:readonly )?([A-Za-z0-9_$]+)\??: number;$/);
          if (mm && /(timeout|interval|delay|grace|ttl|duration|deadline)$/i.test(mm[1])) {
            findings.push({ rule: 'units', name: `${name}.${mm[1]}`, where, detail: 'a duration in milliseconds is named …Ms' });
          }
        }
      }
    }
  }
  // Errors are in the family: a class named …Error extends LocalError or RemoteError, however deep.
  const family = (name, seen = new Set()) => {
    if (name === 'LocalError' || name === 'RemoteError') return true;
    const c = classes.get(name);
    if (c === undefined || c.parent === undefined || seen.has(name)) return false;
    seen.add(name);
    return family(c.parent, seen);
  };
  for (const [name, c] of classes) {
    if (c.exported && name.endsWith('Error') && !['RpcError', 'LocalError', 'RemoteError'].includes(name) && !family(name)) {
      findings.push({ rule: 'errors', name, where: c.where, detail: `extends ${c.parent ?? 'nothing'}, outside the LocalError/RemoteError family` });
    }
  }
  // A thing is made one way: no function returns an instance of a class that is also `new`-able.
  for (const f of functions) {
    const ret = f.head.match(/\): (?:Promise<)?([A-Za-z0-9_$]+)>?;$/)?.[1];
    const c = ret && classes.get(ret);
    if (c && c.publicCtor && !ret.endsWith('Error'))
      findings.push({ rule: 'one-way', name: f.name, where: f.where, detail: `returns a ${ret}, which is also made with new ${ret}(…)` });
    // Factories are verbs: a function named as the noun of what it returns is create<Noun>.
    if (ret && madeKinds.has(ret) && f.name === lowerFirst(ret))
      findings.push({ rule: 'factory-verb', name: f.name, where: f.where, detail: `a factory of ${ret} is named create${ret}` });
  }
  // One declaration per name across packages (re-exports are fine).
  for (const [name, pkgs] of declaredIn) {
    if (pkgs.size > 1) findings.push({ rule: 'one-declaration', name, where: [...pkgs].sort().join(', '), detail: `declared in ${pkgs.size} packages` });
  }
  if (withExceptions) return findings;
  const allowed = exceptions(repoRoot);
  return findings.filter((f) => !allowed.has(`${f.rule} ${f.name}`));
}

/** `rule name` pairs from the Exceptions table of CONTRIBUTING.md (`| rule | \`name\` | why |`). */
export function exceptions(repoRoot) {
  const file = join(repoRoot, 'CONTRIBUTING.md');
  const text = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const start = text.indexOf('**Exceptions**');
  const out = new Set();
  if (start < 0) return out;
  for (const m of text.slice(start).matchAll(/^\| (one-way|factory-verb|options|units|errors|one-declaration) \| `([^`]+)` \|/gm)) out.add(`${m[1]} ${m[2]}`);
  return out;
}
