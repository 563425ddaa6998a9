// Scenario 5 — size: minified + gzipped bytes of a minimal modern Workers server and a minimal modern client,
// bundled with esbuild for the browser/workerd platform (a `node:` import fails the build), then run to prove they work.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bundleOne, bundleSplit } from '../lib/bundle-composition.mjs';
import { kilobytes, times } from '../lib/format.mjs';
import { runNodeJson, startNodeService, stopChild } from '../lib/proc.mjs';
import { implFile } from '../lib/sides.mjs';
import { label, resolveSides, sideStatus } from '../lib/scenario-kit.mjs';
import { ratio } from '../lib/stats.mjs';
import { fileURLToPath } from 'node:url';

export const id = 'size';
export const title = '5. Size — minimal modern server for Workers and minimal modern client';

const SIDES = ['mcpkit', 'official'];
/** The bundles: kind → entry file of a side (the unvalidated client is mcpkit's only). */
const BUNDLES = [
  ['server', 'workers-entry.mjs'],
  ['client', 'client-entry.mjs'],
  ['client-unvalidated', 'client-entry-unvalidated.mjs'],
  ['client-lean', 'client-entry-lean.mjs'],
  ['client-lean-validated', 'client-entry-lean-validated.mjs'],
];
/** The bundles only mcpkit has: each is compared with the official SDK's client. */
const MCPKIT_ONLY = new Set(['client-unvalidated', 'client-lean', 'client-lean-validated']);
const WHAT = {
  server: 'Workers server (createMcpHandler-style, one `echo` tool)',
  client: 'client (Streamable HTTP, one `tools/call`)',
  'client-unvalidated': 'client, `validateResults: false`',
  'client-lean': 'client, `LeanClient` with `resultValidators: false`',
  'client-lean-validated': 'client, `LeanClient` with `resultValidators` (every default check)',
};
/** The client's bundle before issue 29 (bench of 2025-12-01): the `validateResults: false` budget is 60 % of it. */
const CLIENT_BEFORE_GZIP = 38_900;
const HOST = fileURLToPath(new URL('../drivers/http-server-host.mjs', import.meta.url));
const CHECK = fileURLToPath(new URL('../drivers/bundle-check.mjs', import.meta.url));

/** Bundles one entry; resolves with its bytes, gzipped bytes, the largest packages inside, and the code. */
export async function bundle(entry) {
  const b = await bundleOne(entry);
  const largest = Object.entries(b.packages)
    .slice(0, 4)
    .map(([pkg, bytes]) => `${pkg} ${kilobytes(bytes)}`)
    .join(', ');
  return { ...b, largest };
}

/**
 * Runs a bundle in a child process where `eval` and `new Function` throw, as in a Workers isolate: the
 * server answers a modern `tools/call` through its `fetch`, the client calls `echo` on `url`. Resolves
 * 'yes', or 'no: <why>'.
 */
async function runBundle(dir, name, code, kind, url) {
  const file = join(dir, name);
  writeFileSync(file, code);
  const outcome = await runNodeJson(CHECK, [JSON.stringify({ kind, file, url })], { nodeArgs: ['--disallow-code-generation-from-strings'], timeoutMs: 60_000 });
  return outcome.ok ? 'yes' : `no: ${outcome.error}`;
}

export async function run({ log }) {
  const sides = resolveSides(SIDES, ['workers-entry.mjs', 'client-entry.mjs']);
  const dir = mkdtempSync(join(tmpdir(), 'mcpkit-bench-size-'));
  const peerFile = implFile('official', 'http-server.mjs');
  const peer = await startNodeService(HOST, [peerFile]);
  const url = `http://127.0.0.1:${peer.ready.port}/mcp`;
  const out = {};
  const failures = {};
  try {
    for (const side of SIDES) {
      for (const [kind, file] of BUNDLES) {
        const entry = implFile(side, file);
        if (!entry) continue;
        try {
          const b = await bundle(entry);
          if (side === 'mcpkit') b.split = await bundleSplit(entry, join(dir, `split-${kind}`));
          let works;
          try {
            works = await runBundle(dir, `${side}-${kind}.mjs`, b.code, kind === 'server' ? 'server' : 'client', url);
          } catch (e) {
            works = `no: ${String(e.message).split('\n')[0]}`;
          }
          out[`${side}.${kind}`] = { ...b, works };
          log(`  ${side} ${kind}: ${kilobytes(b.gzip)} gzipped, works: ${works}`);
        } catch (e) {
          const text = e.errors?.length
            ? e.errors
                .slice(0, 3)
                .map((x) => `${x.text}${x.location ? ` (${x.location.file})` : ''}`)
                .join('; ')
            : e.message;
          failures[side] = `${file}: ${text}`;
          out[`${side}.${kind}`] = { error: text };
          log(`  ${side} ${kind}: build failed: ${text}`);
        }
      }
    }
  } finally {
    await stopChild(peer.child);
    rmSync(dir, { recursive: true, force: true });
  }

  const gz = (key) => out[key]?.gzip ?? Number.NaN;
  const rows = [];
  for (const [kind] of BUNDLES) {
    for (const side of SIDES) {
      const r = out[`${side}.${kind}`];
      if (MCPKIT_ONLY.has(kind) && side !== 'mcpkit') continue;
      if (!r) rows.push([WHAT[kind], label(side), 'not available (no entry file)', '', '', '', '', '']);
      else if (r.error) rows.push([WHAT[kind], label(side), `build failed: ${r.error.split('\n')[0]}`, '', '', '', '', '']);
      else {
        const split = r.split ? `${kilobytes(r.split.initial.gzip)} + ${kilobytes(r.split.lazy.gzip)} on first use` : '';
        const vs = side === 'official' ? '' : times(ratio(r.gzip, gz(`official.${MCPKIT_ONLY.has(kind) ? 'client' : kind}`)));
        rows.push([WHAT[kind], label(side), kilobytes(r.bytes), `**${kilobytes(r.gzip)}**`, vs, split, r.works, r.largest]);
      }
    }
  }
  // What the mcpkit bundles are made of: bytes per package, per module of @mcpkit/schema, and the
  // validators at start and on first use with code splitting.
  const composition = [];
  for (const [kind] of BUNDLES) {
    const r = out[`mcpkit.${kind}`];
    if (!r || r.error) continue;
    const list = (record) =>
      Object.entries(record)
        .filter(([, bytes]) => bytes >= 50)
        .map(([name, bytes]) => `${name} ${kilobytes(bytes)}`)
        .join(', ');
    const definitions = Object.entries(r.schemaModules).filter(([name]) => name.startsWith('definitions/'));
    const others = Object.entries(r.schemaModules).filter(([name]) => !name.startsWith('definitions/'));
    const total = definitions.reduce((sum, [, bytes]) => sum + bytes, 0);
    const modules = list(Object.fromEntries([[`validators (${definitions.length} modules)`, total], ...others].sort((a, b) => b[1] - a[1])));
    const largest = `${list(Object.fromEntries(definitions.slice(0, 10)))}${definitions.length > 10 ? `, and ${definitions.length - 10} more` : ''}`;
    const names = (part) => (part.validators.length === 0 ? 'none' : `${part.validators.length}: ${part.validators.join(', ')}`);
    composition.push([WHAT[kind], list(r.packages), modules, largest, r.split ? names(r.split.initial) : '', r.split ? names(r.split.lazy) : '']);
  }
  const status = {};
  for (const side of SIDES) status[side] = sideStatus(sides[side], failures[side]);
  return {
    id,
    title,
    description:
      'esbuild (bundle, minify, ESM, `platform: "browser"`, conditions `workerd`/`worker`/`browser`, es2022), then gzip level 9. ' +
      'The platform makes any `node:` import a build error, so a bundle that builds has none. Each bundle is then ' +
      'run in a node process with code generation from strings forbidden (`--disallow-code-generation-from-strings`: ' +
      '`eval` and `new Function` throw, as on Cloudflare Workers): the server bundle answers a modern `tools/call` through ' +
      "its `fetch`, the client bundle calls `echo` on the official SDK's HTTP server over 127.0.0.1. The raw limit has no meaning here; the budget is absolute (25 KB).",
    tables: [
      {
        header: [
          'bundle',
          'side',
          'minified',
          'gzipped',
          'vs official',
          'code splitting: at start + on first use (gzipped)',
          'runs',
          'largest parts (minified)',
        ],
        rows,
      },
      {
        title: 'What the mcpkit bundles hold (minified bytes; validators by definition, from a build that keeps names)',
        header: [
          'bundle',
          'per package',
          '@mcpkit/schema by module',
          'largest validator modules',
          'validators at start (code splitting)',
          'validators on first use (code splitting)',
        ],
        rows: composition,
      },
    ],
    ratios: [
      ['server size, mcpkit / official', ratio(gz('mcpkit.server'), gz('official.server'))],
      ['client size, mcpkit / official', ratio(gz('mcpkit.client'), gz('official.client'))],
      ['client size with validateResults: false, mcpkit / before issue 29', ratio(gz('mcpkit.client-unvalidated'), CLIENT_BEFORE_GZIP)],
      ['LeanClient size with resultValidators: false, mcpkit / before issue 29', ratio(gz('mcpkit.client-lean'), CLIENT_BEFORE_GZIP)],
    ],
    metrics: {
      'size.server': { title: 'Workers server, gzipped bytes', better: 'lower', mcpkit: gz('mcpkit.server'), official: gz('official.server'), raw: Number.NaN },
      'size.client': { title: 'client, gzipped bytes', better: 'lower', mcpkit: gz('mcpkit.client'), official: gz('official.client'), raw: Number.NaN },
      'size.client-unvalidated': {
        title: 'client with validateResults: false, gzipped bytes',
        better: 'lower',
        mcpkit: gz('mcpkit.client-unvalidated'),
        official: Number.NaN,
        raw: Number.NaN,
      },
      'size.client-lean': {
        title: 'LeanClient with resultValidators: false, gzipped bytes',
        better: 'lower',
        mcpkit: gz('mcpkit.client-lean'),
        official: Number.NaN,
        raw: Number.NaN,
      },
    },
    status,
    eras: {
      official:
        'server: `createMcpHandler(factory, { legacy: "reject" })` with a zod schema; client: `Client` pinned to 2026-07-28 + `StreamableHTTPClientTransport`',
      mcpkit: sides.mcpkit.missing.length ? 'not available' : '2026-07-28',
    },
    notes: [
      'The gzipped column is the bundle as one file (what a Workers deployment uploads). With code splitting (esbuild `splitting`, as Vite, Rollup and webpack do for browsers) the client loads its result validators and the output-schema validator, and the server its development-mode self-checks, with `import()` on first use: the next column is what loads at start and what loads on the first `tools/call`. The unvalidated client never loads the second part.',
      "Modules of @mcpkit/schema: a bundler sees one module per validator (`definitions/<Name>`; Node loads the few coarse `validators/<group>.js` instead); `2026-07-28/core` holds the catalogue, constants and header helpers; `json-schema` checks tools' JSON Schemas at run time; `validator helpers` and `formats` are shared by every validator.",
    ],
  };
}
