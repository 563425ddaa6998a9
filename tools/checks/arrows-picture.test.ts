// docs/architecture.md's package picture is generated from the arrows table: the check fails when
// either changes without the other.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DOC, layers, loadArrows, picture, reduced, withPicture } from './arrows-picture.mjs';

const SCRIPT = path.join(import.meta.dirname, 'arrows-picture.mjs');
const temps: string[] = [];
afterAll(() => temps.forEach((t) => fs.rmSync(t, { recursive: true, force: true })));

/** Runs the script with `args`; returns its exit code and stderr. */
function run(...args: string[]): { code: number; stderr: string } {
  try {
    execFileSync(process.execPath, [SCRIPT, ...args], { stdio: 'pipe', encoding: 'utf8' });
    return { code: 0, stderr: '' };
  } catch (error) {
    const e = error as { status: number; stderr: string };
    return { code: e.status, stderr: e.stderr };
  }
}

describe('the package picture of docs/architecture.md', () => {
  it('matches tools/checks/arrows.ts (node tools/checks/arrows-picture.mjs --check)', () => {
    expect(run('--check')).toEqual({ code: 0, stderr: '' });
  });

  it('--check fails on a picture edited by hand, and the writer puts it back', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcpkit-arrows-'));
    temps.push(dir);
    const copy = path.join(dir, 'architecture.md');
    const original = fs.readFileSync(DOC, 'utf8');
    fs.writeFileSync(copy, original.replace('  express --> http\n', ''));
    const failed = run('--check', copy);
    expect(failed.code).toBe(1);
    expect(failed.stderr).toContain('the package picture differs from tools/checks/arrows.ts; run node tools/checks/arrows-picture.mjs');
    expect(run(copy).code).toBe(0);
    expect(fs.readFileSync(copy, 'utf8')).toBe(original);
  });

  it('a new arrow in the table changes the picture (so the committed one would fail --check)', async () => {
    const { arrows, modern } = await loadArrows();
    const doc = fs.readFileSync(DOC, 'utf8');
    const changed = { ...arrows, hono: [...arrows.hono, 'server'] };
    expect(withPicture(doc, picture(arrows, modern))).toBe(doc);
    const redrawn = picture(changed, modern);
    expect(withPicture(doc, redrawn)).not.toBe(doc);
    expect(redrawn).toContain('hono --> server');
    expect(redrawn).toMatch(/hono +→ http, server/);
  });

  it('layers and the reduced graph follow the table', () => {
    const arrows = { a: [], b: ['a'], c: ['a', 'b'] };
    expect(Object.fromEntries(layers(arrows))).toEqual({ a: 0, b: 1, c: 2 });
    expect(reduced(arrows)).toEqual({ a: [], b: ['a'], c: ['b'] });
    expect(() => layers({ a: ['b'], b: ['a'] })).toThrow('arrows cycle');
  });
});
