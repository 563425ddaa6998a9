// The tests every compiled binding gets: it builds, every example of both revisions round-trips to
// equal JSON, every output is valid against the official schema, the probes come back unchanged,
// and the package README's example runs. Skipped, with the reason printed, only when the language's
// toolchain is not installed (`tools/setup/system-deps.sh` installs it).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REVISIONS, type Revision } from '../helpers/spec.js';
import { allItems, driverInput, evaluate, failures, metaAndNullLosses, parseOutcomes, type Report, summary } from './harness.js';
import { PROBES } from './corpus.js';

/** How to build and run one language's driver. */
export interface BindingUnderTest {
  lang: string;
  /** The toolchain's version line, or why it is missing. */
  toolchain: () => { version: string } | { missing: string };
  /** Builds the binding package and the round-trip driver under `work`; returns the driver's command line. */
  build: (work: string) => { command: string; args: string[]; cwd?: string; env?: NodeJS.ProcessEnv };
  /** Runs the README's example (already built by `build`); returns what it printed. */
  readme: (work: string) => string;
  /** Round-trip failures the language cannot avoid, by item name, with the reason (none today). */
  knownLosses?: Record<string, string>;
}

/** The JSON the README examples decode and print again (the same literals are in their source). */
export const README_REQUEST = {
  jsonrpc: '2.0',
  id: 1,
  method: 'tools/call',
  params: {
    name: 'get_weather',
    arguments: { city: 'Paris', unit: null },
    _meta: {
      'io.modelcontextprotocol/protocolVersion': '2026-07-28',
      'io.modelcontextprotocol/clientCapabilities': {},
      traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01',
    },
  },
};
export const README_RESULT = {
  resultType: 'complete',
  content: [{ type: 'text', text: '18 °C, sunny' }],
  structuredContent: { temperature: 18, wind: null },
  _meta: { 'com.example/station': 'paris-12' },
};

/** Checks what a README example printed: the tool name it read, then the request and the result it encoded. */
export function checkReadmeOutput(stdout: string): void {
  const lines = stdout.trim().split('\n');
  expect(lines[0]).toBe('tool: get_weather');
  expect(JSON.parse(lines[1]!.replace(/^request: /, ''))).toEqual(README_REQUEST);
  expect(JSON.parse(lines[2]!.replace(/^result: /, ''))).toEqual(README_RESULT);
  expect(lines).toHaveLength(3);
}

/** Compiling on a busy two-core machine is slow; no timing is asserted. */
const SLOW = { timeout: 900_000 };

export function bindingSuite(binding: BindingUnderTest): void {
  const toolchain = binding.toolchain();
  const missing = 'missing' in toolchain ? toolchain.missing : undefined;
  if (missing) console.warn(`[${binding.lang} binding] skipped: ${missing}`);

  describe.skipIf(Boolean(missing))(`${binding.lang} binding (${'version' in toolchain ? toolchain.version : 'no toolchain'})`, () => {
    let work = '';
    const reports = new Map<Revision, Report>();
    let buildError: unknown;

    beforeAll(() => {
      work = mkdtempSync(join(tmpdir(), `mcpkit-${binding.lang}-`));
      const started = performance.now();
      let driver: ReturnType<BindingUnderTest['build']>;
      try {
        driver = binding.build(work);
      } catch (error) {
        buildError = error;
        return;
      }
      const built = performance.now();
      const items = allItems();
      const ran = spawnSync(driver.command, driver.args, {
        cwd: driver.cwd ?? work,
        env: { ...process.env, ...driver.env },
        input: driverInput(items),
        encoding: 'utf8',
        maxBuffer: 256 * 1024 * 1024,
      });
      if (ran.status !== 0) throw new Error(`the ${binding.lang} driver exited ${ran.status}: ${ran.stderr}`);
      const outcomes = parseOutcomes(ran.stdout, items.length);
      const seconds = { build: (built - started) / 1000, run: (performance.now() - built) / 1000 };
      for (const rev of REVISIONS) {
        const mine = items.map((entry, i) => ({ ...entry, outcome: outcomes[i]! })).filter((entry) => entry.rev === rev);
        const report = evaluate(
          rev,
          mine.map((e) => e.item),
          mine.map((e) => e.outcome),
        );
        reports.set(rev, report);
        console.info(summary(binding.lang, report, seconds));
      }
    }, SLOW.timeout);
    afterAll(() => {
      if (work) rmSync(work, { recursive: true, force: true });
    });

    const report = (rev: Revision) => {
      expect(buildError, String(buildError)).toBeUndefined();
      return reports.get(rev)!;
    };

    it('builds the package and the round-trip driver', () => {
      expect(buildError, String(buildError)).toBeUndefined();
    });

    describe.each(REVISIONS)('%s', (rev) => {
      it('round-trips every example to equal JSON', () => {
        const r = report(rev);
        const known = binding.knownLosses ?? {};
        const examples = r.results.filter((x) => !x.item.probe && !(x.item.name in known));
        expect(failures({ ...r, results: examples.filter((x) => x.differences.length > 0) })).toEqual([]);
        expect(r.roundTrip.total).toBeGreaterThan(100);
      });

      it('writes only JSON the official schema accepts', () => {
        const r = report(rev);
        expect(r.results.filter((x) => x.invalid).map((x) => `${x.item.name}: ${x.invalid}`)).toEqual([]);
      });

      it('drops no `_meta` key and adds no null anywhere', () => {
        const r = report(rev);
        expect(metaAndNullLosses(r)).toEqual([]);
        expect(r.probes['_meta extension key']).toBe(true);
      });

      it.each(PROBES.filter((p) => p !== '_meta extension key'))('keeps what the %s probe sends', (probe) => {
        const r = report(rev);
        const mine = r.results.filter((x) => x.item.probe === probe);
        expect(mine.flatMap((x) => failures({ ...r, results: [x] }))).toEqual([]);
        expect(r.probes[probe]).toBe(true);
      });
    });

    it('runs the README example (decode and encode a tools/call request and a CallToolResult)', SLOW, () => {
      expect(buildError, String(buildError)).toBeUndefined();
      checkReadmeOutput(binding.readme(work));
    });
  });
}
