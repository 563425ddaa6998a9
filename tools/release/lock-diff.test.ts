// The lockfile comparison of the rehearsal's patch scenario (tools/release/patch.mjs).
import { describe, expect, it } from 'vitest';
import { lockDiff } from './patch.mjs';

describe('lockDiff', () => {
  it('lists changed, added and removed paths, and nothing for equal lockfiles', () => {
    const before = new Map([
      ['node_modules/@mcpkit/http', '0.2.0'],
      ['node_modules/@mcpkit/legacy', '0.2.0'],
      ['node_modules/jose', '6.1.0'],
    ]);
    expect(lockDiff(before, new Map(before))).toEqual([]);
    const after = new Map([
      ['node_modules/@mcpkit/http', '0.2.1'],
      ['node_modules/@mcpkit/legacy', '0.2.0'],
      ['node_modules/@mcpkit/legacy/node_modules/@mcpkit/http', '0.2.0'],
    ]);
    expect(lockDiff(before, after)).toEqual([
      { where: 'node_modules/@mcpkit/http', from: '0.2.0', to: '0.2.1' },
      { where: 'node_modules/@mcpkit/legacy/node_modules/@mcpkit/http', from: undefined, to: '0.2.0' },
      { where: 'node_modules/jose', from: '6.1.0', to: undefined },
    ]);
  });
});
