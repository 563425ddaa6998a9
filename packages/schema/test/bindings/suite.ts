// The tests every compiled binding gets: its artifact is built from the repository by
// tools/bindings/build-artifacts.mjs (the command the release runs) and holds the licence and the
// version of @mcpkit/schema; a fresh consumer project installs it from the file and builds the
// round-trip driver and the README example against it; every example of both revisions round-trips
// to equal JSON, every output is valid against the official schema, the probes come back unchanged,
// every strictness case is refused with an error naming the member, the README example runs, and the
// ecosystem's formatter and linter pass. Skipped, with the reason printed, only when the language's
// toolchain is not installed (`tools/setup/system-deps.sh` installs it), and failed instead under
// MCPKIT_REQUIRE_TOOLCHAINS=1 (.ci/run).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PACKAGE_DIR, REPO_ROOT, REVISIONS, type Revision } from '../helpers/spec.js';
import { PROBES, refusalCorpus } from './corpus.js';
import {
  allItems,
  allRefusals,
  driverInput,
  evaluate,
  failures,
  judgeRefusals,
  metaAndNullLosses,
  type PathStyle,
  parseOutcomes,
  type Refusal,
  type Report,
  run,
  summary,
} from './harness.js';

/** One file artifacts.json lists. */
export interface ArtifactFile {
  file: string;
  path: string;
  kind: string;
  bytes: number;
  sha256: string;
}

/** What build-artifacts.mjs built for one language. */
export interface Artifact {
  toolchain: string;
  files: ArtifactFile[];
  /** The folder holding the files (`<out>/<language>`). */
  dir: string;
}

/** The version every artifact must carry. */
export const SCHEMA_VERSION = (JSON.parse(readFileSync(join(PACKAGE_DIR, 'package.json'), 'utf8')) as { version: string }).version;

/** Runs tools/bindings/build-artifacts.mjs for `lang` into `out` (its own process, as the release does). */
export function buildArtifact(lang: string, out: string, extra: string[] = []): Artifact {
  run(process.execPath, [join(REPO_ROOT, 'tools', 'bindings', 'build-artifacts.mjs'), '--out', out, '--only', lang, ...extra], { lowPriority: true });
  const manifest = JSON.parse(readFileSync(join(out, 'artifacts.json'), 'utf8')) as { version: string; languages: Record<string, Omit<Artifact, 'dir'>> };
  expect(manifest.version).toBe(SCHEMA_VERSION);
  return { ...manifest.languages[lang]!, dir: join(out, lang) };
}

/** How to build and run one language's driver. */
export interface BindingUnderTest {
  lang: string;
  /** The toolchain's version line, or why it is missing. */
  toolchain: () => { version: string } | { missing: string };
  /** Arguments for build-artifacts.mjs besides `--out` and `--only` (Rust: `--no-verify`, the consumer compiles the crate). */
  artifactArgs?: string[];
  /** Checks the artifact's files: named, versioned, with the licence inside; throws otherwise. */
  checkArtifact: (artifact: Artifact) => void;
  /**
   * Installs the artifact from its file into a fresh consumer project under `work` and builds the
   * round-trip driver and the README example there; returns the driver's command line.
   */
  install: (work: string, artifact: Artifact) => { command: string; args: string[]; cwd?: string; env?: NodeJS.ProcessEnv };
  /** Runs the README's example (already built by `install`); returns what it printed. */
  readme: (work: string) => string;
  /** How the language's errors name the member at fault. */
  pathStyle: PathStyle;
  /**
   * The formatter and linter checks of the ecosystem, by name: each throws with the findings (run on
   * the installed artifact), or is `{ missing }` when its tool is not installed (skipped, saying so).
   */
  lint: Record<string, ((work: string) => void) | { missing: string }>;
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

/**
 * Checks what a README example printed: the tool name it read, the request and the result it encoded,
 * then the error for a result with an unknown `resultType`, which must name the member.
 */
export function checkReadmeOutput(stdout: string): void {
  const lines = stdout.trim().split('\n');
  expect(lines[0]).toBe('tool: get_weather');
  expect(JSON.parse(lines[1]!.replace(/^request: /, ''))).toEqual(README_REQUEST);
  expect(JSON.parse(lines[2]!.replace(/^result: /, ''))).toEqual(README_RESULT);
  expect(lines[3]).toMatch(/^refused: .*resultType/);
  expect(lines).toHaveLength(4);
}

/**
 * The one setup step of a language does every slow thing once (build the artifact, install it,
 * compile the driver and the README example, run them, run the formatter and linter) and the tests
 * only judge what it recorded. It has no wall-clock bound (`0`): on two cores shared by several
 * sessions a compile took past 900 s, and every step is a toolchain process that ends by itself.
 * The tests keep the default bound of the package (120 s), which judging a recorded result never
 * approaches.
 */
export const SETUP_UNBOUNDED = 0;

export function bindingSuite(binding: BindingUnderTest): void {
  const toolchain = binding.toolchain();
  const missing = 'missing' in toolchain ? toolchain.missing : undefined;
  if (missing && process.env.MCPKIT_REQUIRE_TOOLCHAINS === '1') {
    // .ci/run installs every toolchain and sets this: there a missing one is a failure, not a skip.
    it(`${binding.lang} binding: has its toolchain (MCPKIT_REQUIRE_TOOLCHAINS=1)`, () => {
      throw new Error(missing);
    });
    return;
  }
  if (missing) console.warn(`[${binding.lang} binding] skipped: ${missing}`);

  describe.skipIf(Boolean(missing))(`${binding.lang} binding (${'version' in toolchain ? toolchain.version : 'no toolchain'})`, () => {
    let work = '';
    const reports = new Map<Revision, Report>();
    let artifact: Artifact | undefined;
    let artifactError: unknown;
    let buildError: unknown;
    let refusals: Refusal[] = [];
    let readme: { stdout: string } | { error: unknown } | undefined;
    const lintErrors = new Map<string, unknown>();

    beforeAll(() => {
      work = mkdtempSync(join(tmpdir(), `mcpkit-${binding.lang}-`));
      const started = performance.now();
      try {
        artifact = buildArtifact(binding.lang, join(work, 'artifacts'), binding.artifactArgs);
      } catch (error) {
        artifactError = error;
        return;
      }
      const packaged = performance.now();
      let driver: ReturnType<BindingUnderTest['install']>;
      try {
        driver = binding.install(work, artifact);
      } catch (error) {
        buildError = error;
        return;
      }
      const built = performance.now();
      const items = allItems();
      const refused = allRefusals();
      const ran = spawnSync(driver.command, driver.args, {
        cwd: driver.cwd ?? work,
        env: { ...process.env, ...driver.env },
        input: driverInput([...items, ...refused]),
        encoding: 'utf8',
        maxBuffer: 256 * 1024 * 1024,
      });
      if (ran.status !== 0) throw new Error(`the ${binding.lang} driver exited ${ran.status}: ${ran.stderr}`);
      const outcomes = parseOutcomes(ran.stdout, items.length + refused.length);
      refusals = judgeRefusals(refused, outcomes.slice(items.length), binding.pathStyle);
      for (const r of refusals)
        console.info(`[${binding.lang} binding] ${r.rev} ${r.item.refusal}: ${r.error ? `refused: ${r.error.slice(0, 240)}` : 'ACCEPTED'}`);
      const seconds = { artifact: (packaged - started) / 1000, build: (built - packaged) / 1000, run: (performance.now() - built) / 1000 };
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
      // The README example and the formatter and linter, on what install() built (nothing compiles twice).
      try {
        readme = { stdout: binding.readme(work) };
      } catch (error) {
        readme = { error };
      }
      for (const [name, check] of Object.entries(binding.lint)) {
        if (typeof check !== 'function') continue;
        const linted = performance.now();
        try {
          check(work);
        } catch (error) {
          lintErrors.set(name, error);
        }
        console.info(`[${binding.lang} binding] ${name}: ${lintErrors.has(name) ? 'FAILED' : 'clean'} (${((performance.now() - linted) / 1000).toFixed(1)} s)`);
      }
    }, SETUP_UNBOUNDED);
    afterAll(() => {
      if (work) rmSync(work, { recursive: true, force: true });
    });

    const report = (rev: Revision) => {
      expect(artifactError, String(artifactError)).toBeUndefined();
      expect(buildError, String(buildError)).toBeUndefined();
      return reports.get(rev)!;
    };

    it(`builds its artifact from the repository, with the version (${SCHEMA_VERSION}) and licence of @mcpkit/schema`, () => {
      expect(artifactError, String(artifactError)).toBeUndefined();
      expect(artifact!.files.length).toBeGreaterThan(0);
      for (const file of artifact!.files) expect(existsSync(file.path), file.path).toBe(true);
      binding.checkArtifact(artifact!);
    });

    it('installs from the file into a fresh consumer project, which builds the round-trip driver and the README example', () => {
      expect(artifactError, String(artifactError)).toBeUndefined();
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

    describe.each(REVISIONS)('%s strictness', (rev) => {
      it.each(refusalCorpus(rev).map((item) => [item.refusal, item.path.join('/'), item.name] as const))('refuses %s, naming %s', (refusal, path, name) => {
        report(rev);
        const judged = refusals.find((r) => r.rev === rev && r.item.name === name)!;
        expect(judged.error, `${name} was decoded`).toBeDefined();
        expect(judged.namesPath, `the error does not name ${path}: ${judged.error}`).toBe(true);
      });
    });

    it('runs the README example (decode and encode a tools/call request and a CallToolResult, refuse an unknown resultType)', () => {
      expect(artifactError, String(artifactError)).toBeUndefined();
      expect(buildError, String(buildError)).toBeUndefined();
      expect(readme && 'error' in readme ? String(readme.error) : undefined).toBeUndefined();
      checkReadmeOutput((readme as { stdout: string }).stdout);
    });

    for (const [name, check] of Object.entries(binding.lint)) {
      if (typeof check !== 'function') {
        console.warn(`[${binding.lang} binding] ${name} skipped: ${check.missing}`);
        it.skip(`passes ${name} (${check.missing})`, () => {});
        continue;
      }
      it(`passes ${name}`, () => {
        expect(artifactError, String(artifactError)).toBeUndefined();
        expect(buildError, String(buildError)).toBeUndefined();
        expect(lintErrors.has(name) ? String(lintErrors.get(name)) : undefined).toBeUndefined();
      });
    }
  });
}
