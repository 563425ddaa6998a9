// Unit tests of lib/app-probe.mjs: which package a file counts for (the `split` scenario's legacy check rests on
// it) and the app module the cold-start child runs.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { appSource, byPackage, packageOf } from '../lib/app-probe.mjs';

test('packageOf names workspace packages, installed packages and the entry, from metafile or absolute paths', () => {
  assert.equal(packageOf('../packages/legacy/dist/chunk-ZHSIJPXN.js'), '@mcpkit/legacy');
  assert.equal(packageOf('/work/repo/packages/redis/dist/index.js'), '@mcpkit/redis');
  assert.equal(packageOf('/r/node_modules/.pnpm/ioredis@6.0.0_x/node_modules/ioredis/built/Redis.js'), 'ioredis');
  assert.equal(packageOf('../node_modules/.pnpm/@ioredis+commands@2.0.0/node_modules/@ioredis/commands/built/index.js'), '@ioredis/commands');
  // A package's own dependency counts for the dependency, not for the workspace package it sits under.
  assert.equal(packageOf('/r/packages/server/node_modules/ajv/dist/ajv.js'), 'ajv');
  assert.equal(packageOf('<stdin>'), '(entry)');
  assert.deepEqual(
    byPackage([
      ['/r/packages/legacy/dist/a.js', 1],
      ['/r/packages/legacy/dist/b.js', 1],
      ['/r/packages/redis/dist/index.js', 1],
    ]),
    { '@mcpkit/legacy': 2, '@mcpkit/redis': 1 },
  );
});

test('appSource imports each set by name or whole, and prints how many bindings are defined', () => {
  const source = appSource({
    imports: [
      { from: '@mcpkit/redis', names: ['RedisConnection', 'sharedState'] },
      { from: '@mcpkit/legacy', names: '*' },
    ],
  });
  assert.match(source, /^import \{ RedisConnection, sharedState \} from '@mcpkit\/redis';$/m);
  assert.match(source, /^import \* as ns1 from '@mcpkit\/legacy';$/m);
  assert.match(source, /\[RedisConnection, sharedState, \.\.\.Object\.values\(ns1\)\]\.filter\(\(v\) => v !== undefined\)\.length/);
  assert.equal(appSource({ imports: [] }), 'console.log(JSON.stringify({ exports: [].filter((v) => v !== undefined).length }));');
});
