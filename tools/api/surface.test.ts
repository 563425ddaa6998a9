// The surface as its users read it (issue 27): every public name of every committed API report
// (outside `./internal` and the generated schema) is mentioned on a README or doc page, and the
// declarations follow the vocabulary of CONTRIBUTING.md (with the exceptions its table lists).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findRepoRoot } from '../checks/workspace.js';
import { reportNames } from './names.mjs';
import { undocumentedNames } from './surface.mjs';
import { exceptions, vocabularyFindings } from './vocabulary.mjs';

const repoRoot = findRepoRoot(import.meta.dirname);

describe('the public surface', () => {
  it('every public name is documented in a README or a doc page', () => {
    expect(undocumentedNames(repoRoot), 'document each name in its package README (or docs/*.md)').toEqual([]);
  });

  it('follows the vocabulary of CONTRIBUTING.md', () => {
    const findings = vocabularyFindings(repoRoot).map((f) => `${f.rule} ${f.name} (${f.where}): ${f.detail}`);
    expect(findings, 'fix the name, or list it with its reason in the Exceptions table of CONTRIBUTING.md').toEqual([]);
  });

  it('lists no exception that no longer applies', () => {
    const all = new Set(vocabularyFindings(repoRoot, { withExceptions: true }).map((f) => `${f.rule} ${f.name}`));
    expect([...exceptions(repoRoot)].filter((e) => !all.has(e))).toEqual([]);
  });
});

describe('the checks themselves, on a throw-away repository', () => {
  const temps: string[] = [];
  afterAll(() => temps.forEach((t) => fs.rmSync(t, { recursive: true, force: true })));

  function repo(report: string, readme: string, contributing = ''): string {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'mcpkit-surface-'));
    temps.push(root);
    const pkg = path.join(root, 'packages', 'demo');
    fs.mkdirSync(path.join(pkg, 'api'), { recursive: true });
    fs.writeFileSync(path.join(pkg, 'package.json'), JSON.stringify({ name: '@mcpkit/demo', exports: { '.': { types: './dist/index.d.ts' } } }));
    fs.writeFileSync(path.join(pkg, 'api', 'index.api.md'), `## API report: @mcpkit/demo\n\n\`\`\`ts\n${report}\n\`\`\`\n`);
    fs.writeFileSync(path.join(pkg, 'README.md'), readme);
    fs.writeFileSync(path.join(root, 'README.md'), '# demo\n');
    fs.writeFileSync(path.join(root, 'CONTRIBUTING.md'), contributing);
    return root;
  }

  it('reads declarations and re-exports off a report', () => {
    const rows = reportNames("import { Foo } from '@mcpkit/other';\n\nexport class Bar {\n}\n\nexport function makeBar(): Bar;\n\nexport { Foo }\n");
    expect(rows.map((r) => `${r.kind} ${r.name}${r.reexport ? ` from ${r.reexport}` : ''}`)).toEqual([
      'class Bar',
      'function makeBar',
      'reexport Foo from @mcpkit/other',
    ]);
  });

  it('fails on a name no page mentions, and passes once the README names it', () => {
    const report = 'export function createWidget(): Widget;\n\nexport interface Widget {\n    size: number;\n}\n';
    expect(undocumentedNames(repo(report, '`createWidget()` makes one.\n'))).toEqual(['@mcpkit/demo Widget']);
    expect(undocumentedNames(repo(report, '`createWidget()` makes a `Widget`.\n'))).toEqual([]);
  });

  it('finds each kind of vocabulary break, and an Exceptions row silences one', () => {
    const report = [
      'export class Gadget {\n    constructor(options?: GadgetOptions);\n}',
      'export function gadget(options?: GadgetOptions): Gadget;',
      'export function createThing(options?: ThingSettings): Thing;',
      'export interface Thing {\n    pollInterval: number;\n}',
      'export class BrokenError extends Error {\n}',
    ].join('\n\n');
    const rules = (root: string) => vocabularyFindings(root).map((f) => `${f.rule} ${f.name}`);
    expect(rules(repo(report, ''))).toEqual(['options createThing', 'units Thing.pollInterval', 'errors BrokenError', 'one-way gadget', 'factory-verb gadget']);
    const contributing = '**Exceptions**\n\n| rule | name | why |\n|---|---|---|\n| errors | `BrokenError` | a test |\n';
    expect(rules(repo(report, '', contributing))).not.toContain('errors BrokenError');
  });
});
