/**
 * What modern answers lose on their way to a 2025-11-25 client.
 * spec: 2026-07-28/pages/changelog.mdx (added in 2026-07-28); DIGEST §23 (no resultType, ttlMs, cacheScope)
 */
import { describe, expect, it } from 'vitest';
import { isLegacyVersion, negotiateLegacyVersion, parseEventId, toLegacyCapabilities, toLegacyResult } from '../../src/index.js';

describe('toLegacyResult', () => {
  it('drops resultType, caching hints and the modern _meta keys, and keeps everything else', () => {
    const modern = {
      resultType: 'complete',
      contents: [{ uri: 'a://b', text: 'x', _meta: { 'io.modelcontextprotocol/serverInfo': 'kept: nested, not ours to touch' } }],
      ttlMs: 0,
      cacheScope: 'private',
      _meta: { 'io.modelcontextprotocol/serverInfo': { name: 's', version: '1' }, 'com.example/trace': 't-1' },
    };
    expect(toLegacyResult(modern)).toEqual({ contents: modern.contents, _meta: { 'com.example/trace': 't-1' } });
    expect(toLegacyResult({ resultType: 'complete', _meta: { 'io.modelcontextprotocol/serverInfo': {} }, content: [] })).toEqual({ content: [] });
    expect(modern.resultType).toBe('complete'); // the input is not changed
  });

  it('leaves extensions out of the capabilities and keeps logging, completions and subscribe', () => {
    expect(toLegacyCapabilities({ logging: {}, completions: {}, resources: { subscribe: true, listChanged: true }, extensions: { 'io.x/y': {} } })).toEqual({
      logging: {},
      completions: {},
      resources: { subscribe: true, listChanged: true },
    });
  });
});

describe('versions and ids', () => {
  it('negotiates like lifecycle.mdx: echo a served version, otherwise offer the newest', () => {
    expect(negotiateLegacyVersion('2025-06-18')).toBe('2025-06-18');
    expect(negotiateLegacyVersion('2026-07-28')).toBe('2025-11-25');
    expect(negotiateLegacyVersion('2025-03-26', ['2025-11-25'])).toBe('2025-11-25');
    expect(isLegacyVersion('2024-11-05')).toBe(true);
    expect(isLegacyVersion('2026-07-28')).toBe(false);
    expect(isLegacyVersion('v999.0.0')).toBe(false);
  });

  it('reads event ids as <stream>.<n>', () => {
    expect(parseEventId('abc.12')).toEqual({ streamId: 'abc', sequence: 12 });
    expect(parseEventId('abc')).toBeUndefined();
    expect(parseEventId('.3')).toBeUndefined();
    expect(parseEventId('abc.-1')).toBeUndefined();
  });
});
