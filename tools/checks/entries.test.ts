// The one rule for which `exports` subpaths are module entries (tools/checks/entries.mjs).
import { describe, expect, it } from 'vitest';
import { moduleEntries, pageFilesOf, specifierOf } from './entries.mjs';

const appsHost = {
  '.': { import: './dist/index.js', require: './dist/index.cjs' },
  './web': { import: './dist/web.js' },
  './web.bundle.js': './dist/web.bundle.js',
  './internal': { import: './dist/internal.js' },
  './schema.json': './schema.json',
  './package.json': './package.json',
};

describe('module entries of an exports field', () => {
  it('leave out package.json and page files, keep the rest by default', () => {
    expect(moduleEntries('@x/host', appsHost)).toEqual(['@x/host', '@x/host/web', '@x/host/internal', '@x/host/schema.json']);
  });
  it('leave out JSON and internal subpaths when asked (the TypeScript consumers)', () => {
    expect(moduleEntries('@x/host', appsHost, { json: false, internal: false })).toEqual(['@x/host', '@x/host/web']);
  });
  it('read a string or a bare condition object as the root alone', () => {
    expect(moduleEntries('@x/a', './dist/index.js')).toEqual(['@x/a']);
    expect(moduleEntries('@x/a', { import: './a.js', require: './a.cjs' })).toEqual(['@x/a']);
  });
  it('name the page files attw is told to skip', () => {
    expect(pageFilesOf(appsHost)).toEqual(['./web.bundle.js']);
    expect(pageFilesOf({ '.': './a.js' })).toEqual([]);
  });
  it('turn a subpath into a specifier', () => {
    expect(specifierOf('@x/a', '.')).toBe('@x/a');
    expect(specifierOf('@x/a', './b/c')).toBe('@x/a/b/c');
  });
});
