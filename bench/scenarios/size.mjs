// Scenario 5 — size: minified + gzipped bytes of a minimal modern Workers server and a minimal modern client,
// bundled with esbuild for the browser/workerd platform (a `node:` import fails the build), then run to prove they work.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as esbuild from 'esbuild';
import { packageOf } from '../lib/app-probe.mjs';
import { kilobytes, times } from '../lib/format.mjs';
import { runNodeJson, startNodeService, stopChild } from '../lib/proc.mjs';
import { implFile } from '../lib/sides.mjs';
import { label, resolveSides, sideStatus } from '../lib/scenario-kit.mjs';
import { ratio } from '../lib/stats.mjs';
import { fileURLToPath } from 'node:url';

export const id = 'size';
export const title = '5. Size — minimal modern server for Workers and minimal modern client';

const SIDES = ['mcpkit', 'official'];
const HOST = fileURLToPath(new URL('../drivers/http-server-host.mjs', import.meta.url));
const CHECK = fileURLToPath(new URL('../drivers/bundle-check.mjs', import.meta.url));

/** Bundles one entry; resolves with its bytes, gzipped bytes, the largest packages inside, and the code. */
export async function bundle(entry) {
  const result = await esbuild.build({
    entryPoints: [entry],
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    conditions: ['workerd', 'worker', 'browser'],
    target: 'es2022',
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  const code = result.outputFiles[0].contents;
  const byPackage = {};
  for (const [path, { bytesInOutput }] of Object.entries(Object.values(result.metafile.outputs)[0].inputs)) {
    const pkg = packageOf(path);
    byPackage[pkg] = (byPackage[pkg] ?? 0) + bytesInOutput;
  }
  const largest = Object.entries(byPackage)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 4)
    .map(([pkg, bytes]) => `${pkg} ${kilobytes(bytes)}`)
    .join(', ');
  return { bytes: code.length, gzip: gzipSync(code, { level: 9 }).length, largest, code };
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
      for (const [kind, file] of [
        ['server', 'workers-entry.mjs'],
        ['client', 'client-entry.mjs'],
      ]) {
        const entry = implFile(side, file);
        if (!entry) continue;
        try {
          const b = await bundle(entry);
          let works;
          try {
            works = await runBundle(dir, `${side}-${kind}.mjs`, b.code, kind, url);
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
  for (const kind of ['server', 'client']) {
    for (const side of SIDES) {
      const r = out[`${side}.${kind}`];
      const what = kind === 'server' ? 'Workers server (createMcpHandler-style, one `echo` tool)' : 'client (Streamable HTTP, one `tools/call`)';
      if (!r) rows.push([what, label(side), 'not available (no entry file)', '', '', '', '']);
      else if (r.error) rows.push([what, label(side), `build failed: ${r.error.split('\n')[0]}`, '', '', '', '']);
      else
        rows.push([
          what,
          label(side),
          kilobytes(r.bytes),
          `**${kilobytes(r.gzip)}**`,
          side === 'official' ? '' : times(ratio(r.gzip, gz(`official.${kind}`))),
          r.works,
          r.largest,
        ]);
    }
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
    tables: [{ header: ['bundle', 'side', 'minified', 'gzipped', 'vs official', 'runs', 'largest parts (minified)'], rows }],
    ratios: [
      ['server size, mcpkit / official', ratio(gz('mcpkit.server'), gz('official.server'))],
      ['client size, mcpkit / official', ratio(gz('mcpkit.client'), gz('official.client'))],
    ],
    metrics: {
      'size.server': { title: 'Workers server, gzipped bytes', better: 'lower', mcpkit: gz('mcpkit.server'), official: gz('official.server'), raw: Number.NaN },
      'size.client': { title: 'client, gzipped bytes', better: 'lower', mcpkit: gz('mcpkit.client'), official: gz('official.client'), raw: Number.NaN },
    },
    status,
    eras: {
      official:
        'server: `createMcpHandler(factory, { legacy: "reject" })` with a zod schema; client: `Client` pinned to 2026-07-28 + `StreamableHTTPClientTransport`',
      mcpkit: sides.mcpkit.missing.length ? 'not available' : '2026-07-28',
    },
    notes: [],
  };
}
