// The runtime matrix, npm installs: every public package packed and installed from its tarball in a
// fresh folder; ESM import and CJS require of every entry on Node 20.0 (the lowest `engines` allows)
// and the current Node; TypeScript consumers (node16 .cts/.mts, node10); attw and publint on every
// tarball; the CLI's `demo` and `serve-example` from the install.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { publint } from 'publint';
import { formatMessage } from 'publint/utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageFilesOf } from '../checks/entries.mjs';
import { binaries } from './binaries.js';
import { run, runClient, stopAll, type CheckLine } from './processes.js';
import { installAll, packAll, tarballFiles, type Packed } from './tarballs.js';

const fixtures = path.join(import.meta.dirname, 'fixtures');
const attwBin = path.join(import.meta.dirname, '..', 'node_modules', '.bin', 'attw');
const tscBin = path.join(import.meta.dirname, '..', 'node_modules', '.bin', 'tsc');

let packDir: string;
let packed: Packed[] = [];
let consumer: string;
const imports = new Map<string, Map<string, CheckLine>>();

beforeAll(async () => {
  packDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcpkit-tarballs-'));
  packed = await packAll(packDir);
  consumer = await installAll(packed);
  fs.copyFileSync(path.join(fixtures, 'check-entries.mjs'), path.join(consumer, 'check-entries.mjs'));
  const entries = packed.flatMap((p) => p.entries);
  for (const [label, node] of [
    ['current', process.execPath],
    ['20.0', binaries.node20()],
  ] as const) {
    const result = await runClient(node, ['check-entries.mjs', JSON.stringify(entries)], consumer);
    imports.set(label, result.checks);
  }
  // npm installing every tarball and importing every entry on two Nodes: 3 to 7 minutes, more on a
  // busy machine (it passed 600 s with conformance and the bench beside it). The bound is only there
  // to end a hang; a slow machine is slow, not red.
}, 3_600_000);
afterAll(async () => {
  await stopAll();
  for (const dir of [packDir, consumer]) if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe('every tarball', () => {
  it('packs only public packages, each with LICENSE, README and no workspace: specifier left', async () => {
    expect(packed.length).toBeGreaterThanOrEqual(13);
    for (const p of packed) {
      const files = await tarballFiles(p.tarball);
      expect(files, p.name).toContain('package/LICENSE');
      expect(files, p.name).toContain('package/README.md');
      const manifest = fs.readFileSync(path.join(consumer, 'node_modules', p.name, 'package.json'), 'utf8');
      expect(manifest, p.name).not.toContain('workspace:');
      expect(fs.readFileSync(path.join(consumer, 'node_modules', p.name, 'LICENSE'), 'utf8'), p.name).toContain('Apache License');
    }
  });

  it('passes attw on every entry (node10, node16 from CJS and ESM, bundler)', async () => {
    const problems: string[] = [];
    for (const p of packed) {
      const report = path.join(packDir, `${p.dir}.attw.json`);
      // Page files (`*.bundle.js`) are not module entries: no types, no CJS form (tools/checks/entries.mjs).
      const manifest = JSON.parse(fs.readFileSync(path.join(consumer, 'node_modules', p.name, 'package.json'), 'utf8'));
      const pages = pageFilesOf(manifest.exports);
      const exclude = pages.length ? ` --exclude-entrypoints ${pages.map((page) => `"${page}"`).join(' ')}` : '';
      const result = await run('sh', ['-c', `"${attwBin}" "${p.tarball}" --format json${exclude} > "${report}"`], { cwd: packDir });
      const parsed = JSON.parse(fs.readFileSync(report, 'utf8')) as {
        analysis: { problems?: Array<{ kind: string; entrypoint?: string; resolutionKind?: string }> };
      };
      for (const problem of parsed.analysis.problems ?? [])
        problems.push(`${p.name} ${problem.entrypoint ?? ''} ${problem.resolutionKind ?? ''}: ${problem.kind}`);
      if (result.code !== 0 && (parsed.analysis.problems ?? []).length === 0) problems.push(`${p.name}: attw exited ${result.code}`);
    }
    expect(problems).toEqual([]);
  });

  it('passes publint (strict) as installed', async () => {
    const problems: string[] = [];
    for (const p of packed) {
      const pkgDir = path.join(consumer, 'node_modules', p.name);
      const { messages } = await publint({ pkgDir, level: 'warning', strict: true, pack: false });
      const manifest = JSON.parse(fs.readFileSync(path.join(pkgDir, 'package.json'), 'utf8'));
      for (const m of messages) problems.push(`${p.name}: [${m.type}] ${formatMessage(m, manifest) ?? m.code}`);
    }
    expect(problems).toEqual([]);
  });
});

describe.each(['current', '20.0'])('Node %s imports every entry from the install', (label) => {
  it.each([['esm'], ['cjs']])('%s', (format) => {
    const checks = imports.get(label)!;
    const failures: string[] = [];
    let count = 0;
    for (const entry of packed.flatMap((p) => p.entries)) {
      if (format === 'esm' && entry.endsWith('.json')) continue; // JSON modules need import attributes
      count++;
      const line = checks.get(`${format} ${entry}`);
      if (!line?.ok) failures.push(`${entry}: ${line?.detail ?? 'no result'}`);
    }
    expect(failures).toEqual([]);
    expect(count).toBeGreaterThan(20);
  });
});

describe('TypeScript consumers of the install', () => {
  // A realistic consumer: ES2022 target, the DOM lib (CryptoKey, Request, Response: web types our
  // declarations use) and @types/node, library checking on.
  const compile = async (name: string, options: Record<string, unknown>, file: string, source: string) => {
    const dir = path.join(consumer, name);
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, file), source);
    fs.writeFileSync(
      path.join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          noEmit: true,
          skipLibCheck: false,
          target: 'es2022',
          lib: ['es2023', 'dom'],
          typeRoots: [path.join(import.meta.dirname, '..', 'node_modules', '@types')],
          types: ['node'],
          ...options,
        },
        files: [file],
      }),
    );
    return run(tscBin, ['-p', dir], { cwd: dir });
  };
  const importsOf = (style: 'import' | 'require') =>
    packed
      .flatMap((p) => p.entries)
      .filter((e) => !e.endsWith('.json') && !e.startsWith('@mcpkit/cli'))
      .map((e, i) => (style === 'import' ? `import * as m${i} from '${e}';\nvoid m${i};` : `import m${i} = require('${e}');\nvoid m${i};`))
      .join('\n');

  it('a .cts file under module node16 requires every entry (skipLibCheck off)', async () => {
    const result = await compile('cts', { module: 'node16', moduleResolution: 'node16' }, 'consumer.cts', `${importsOf('require')}\nexport {};\n`);
    expect(result.output).toBe('');
  });

  it('a .mts file under module node16 imports every entry', async () => {
    const result = await compile('mts', { module: 'node16', moduleResolution: 'node16' }, 'consumer.mts', `${importsOf('import')}\n`);
    expect(result.output).toBe('');
  });

  it('module commonjs with node10 resolution resolves every entry (typesVersions)', async () => {
    const result = await compile(
      'node10',
      { module: 'commonjs', moduleResolution: 'node10', esModuleInterop: true },
      'consumer.ts',
      `${importsOf('import')}\n`,
    );
    expect(result.output).toBe('');
  });
});

describe('the CLI from the install', () => {
  const bin = () => path.join(consumer, 'node_modules', '.bin', 'mcpkit');

  it('mcpkit demo runs every scenario', async () => {
    const result = await run(bin(), ['demo'], { cwd: consumer });
    expect(result.code, result.output).toBe(0);
    expect(result.output).toMatch(/All \d+ scenario runs behaved as the protocol says/);
  });

  it('mcpkit serve-example serves the example over stdio', async () => {
    const child = spawn(bin(), ['serve-example', '--transport', 'stdio'], { cwd: consumer, stdio: ['pipe', 'pipe', 'pipe'] });
    const meta = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} };
    child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: meta } })}\n`);
    const line = await new Promise<string>((resolve, reject) => {
      let out = '';
      let err = '';
      child.stderr.on('data', (c: Buffer) => (err += c.toString('utf8')));
      child.stdout.on('data', (c: Buffer) => {
        out += c.toString('utf8');
        if (out.includes('\n')) resolve(out.slice(0, out.indexOf('\n')));
      });
      child.once('exit', (code) => reject(new Error(`serve-example exited ${code}: ${err}`)));
    });
    child.stdin.end();
    const tools = (JSON.parse(line) as { result: { tools: Array<{ name: string }> } }).result.tools.map((t) => t.name);
    expect(tools).toContain('echo');
    await new Promise((resolve) => (child.exitCode !== null ? resolve(undefined) : child.once('close', resolve)));
  });
});
