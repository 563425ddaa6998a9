// The conformance harness's parsing and verdict logic, fed with output captured from real runs of
// @modelcontextprotocol/conformance 0.2.0-alpha.12 (tools/conformance/fixtures/). The suite itself
// does not run here; `pnpm conformance` runs it.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadExpectedFailures, parseExpectedFailures } from './expected.mjs';
import { EXTENSIONS, EXTENSIONS_EXPECTED_FAILURES, EXTENSION_REVISION, checkExtensions, withTaggedExtensions } from './extensions.mjs';
import { LEGS, LEG_NAMES, checkCounts, scenarioSets } from './legs.mjs';
import { OLDER_LEGS, olderScenarioSets } from './older-legs.mjs';
import { parseExtensionTags, parseRequirementsList, parseSingle, parseSummary, readChecks } from './parse.mjs';
import { applyExpectations, judgeScenario, summaryLine, tally } from './verdict.mjs';

const path = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const fixture = (name: string) => readFileSync(path(`./fixtures/${name}`), 'utf8');
const serverChecks = readChecks(path('./fixtures/checks/server'), 'server');
const clientChecks = readChecks(path('./fixtures/checks/client'), 'client');
const checksOf = (map: typeof serverChecks, name: string) => {
  const c = map.get(name);
  if (!c) throw new Error(`no fixture checks for ${name}`);
  return c;
};

describe('parsing the summary of a --requirements run', () => {
  it('reads every scenario line of a server run and checks them against the total', () => {
    const { scenarios, total } = parseSummary(fixture('server-requirements-2026-sdk.txt'));
    expect(scenarios).toHaveLength(50); // 37 required, 3 pending, 10 tasks extension scenarios
    expect(total).toEqual({ passed: 164, failed: 30 });
    expect(scenarios.find((s) => s.scenario === 'server-stateless')).toMatchObject({ mark: '✓', passed: 30, failed: 0 });
    expect(scenarios.find((s) => s.scenario === 'tasks-lifecycle')).toMatchObject({ mark: '✗', passed: 1, failed: 8 });
  });

  it('reads a server run with failures, including scenarios the suite marks ✓ with 0 passed', () => {
    const { scenarios } = parseSummary(fixture('server-requirements-2025-stock.txt'));
    expect(scenarios).toHaveLength(33);
    expect(scenarios.find((s) => s.scenario === 'tools-call-sampling')).toMatchObject({ mark: '✗', passed: 1, failed: 1 });
    expect(scenarios.find((s) => s.scenario === 'server-sse-multiple-streams')).toMatchObject({ mark: '✓', passed: 0, failed: 0 });
  });

  it('reads the client form of the summary, with scenario names that contain a slash', () => {
    const { scenarios, total } = parseSummary(fixture('client-requirements-2026-sdk.txt'));
    expect(scenarios).toHaveLength(39);
    expect(total).toEqual({ passed: 569, failed: 15 });
    expect(scenarios.find((s) => s.scenario === 'auth/scope-step-up')).toMatchObject({ passed: 30, failed: 0, warnings: undefined });
    expect(scenarios.find((s) => s.scenario === 'auth/dpop-nonce')).toMatchObject({ mark: '✗', passed: 10, failed: 5 });
  });

  it('refuses output without a summary, and lines that do not add up to the total', () => {
    expect(() => parseSummary(fixture('client-single-passed.txt'))).toThrow(/no "=== SUMMARY ===" section/);
    const tampered = fixture('server-requirements-2026-sdk.txt').replace('✓ tools-list: 4 passed', '✓ tools-list: 5 passed');
    expect(() => parseSummary(tampered)).toThrow(/add up to 165 passed, 30 failed/);
  });
});

describe('parsing a single-scenario run', () => {
  it('reads the counts of a passing client scenario', () => {
    expect(parseSingle(fixture('client-single-passed.txt'))).toEqual({ skipped: false, passed: 2, failed: 0, warnings: 0, notes: [] });
  });

  it('reads a client that was killed at the timeout and one that exited with an error', () => {
    expect(parseSingle(fixture('client-single-timeout.txt'))).toMatchObject({ passed: 0, failed: 1, notes: ['client timed out'] });
    expect(parseSingle(fixture('client-single-exit-code.txt'))).toMatchObject({ failed: 0, notes: ['client exited with code 1'] });
  });

  it('reads a single server scenario', () => {
    expect(parseSingle(fixture('server-single-extra.txt'))).toMatchObject({ passed: 8, failed: 0, warnings: 0 });
  });
});

describe('the scenario lists of the pinned suite', () => {
  const sets = {
    '2026-07-28': scenarioSets(fixture('list-requirements-2026-07-28.txt')),
    '2025-11-25': scenarioSets(fixture('list-requirements-2025-11-25.txt')),
  };

  it('has the sizes the issue names: server 37/30, client 32/18, 8 extra runs', () => {
    expect(checkCounts(sets)).toEqual([]);
    expect(LEGS.map((l) => l.required)).toEqual([37, 30, 32, 18, 8]);
  });

  it('takes the older legs from list --spec-version, with the counts the pinned suite lists', () => {
    const older = {
      '2025-06-18': olderScenarioSets(fixture('list-spec-version-2025-06-18.txt'), '2025-06-18'),
      '2025-03-26': olderScenarioSets(fixture('list-spec-version-2025-03-26.txt'), '2025-03-26'),
    };
    expect(checkCounts({ ...sets, ...older })).toEqual([]);
    expect(OLDER_LEGS.map((l) => `${l.name} ${l.required}`)).toEqual(['server-2025-06 27', 'client-2025-06 5', 'server-2025-03 1', 'client-2025-03 2']);
    expect(older['2025-03-26']).toMatchObject({
      server: ['server-session-lifecycle'],
      client: ['auth/2025-03-26-oauth-metadata-backcompat', 'auth/2025-03-26-oauth-endpoint-fallback'],
    });
    expect(older['2025-06-18'].client).toEqual([
      'initialize',
      'tools_call',
      'auth/token-endpoint-auth-basic',
      'auth/token-endpoint-auth-post',
      'auth/token-endpoint-auth-none',
    ]);
    // Authorization-server scenarios test an authorization server, which mcpkit is not: not listed.
    expect(older['2025-06-18'].server).not.toContain('authorization-code-grant');
  });

  it('takes as extras the unscored scenarios that are not extensions', () => {
    expect(sets['2026-07-28'].extra).toEqual({
      server: ['json-schema-2020-12', 'http-header-validation', 'http-custom-header-server-validation'],
      client: ['json-schema-2020-12-preservation'],
    });
    expect(sets['2025-11-25'].extra).toEqual({
      server: ['server-session-lifecycle', 'json-schema-2020-12', 'server-sse-polling'],
      client: ['json-schema-2020-12-preservation'],
    });
    expect(sets['2026-07-28'].extension.server).toContain('tasks-lifecycle');
    expect(sets['2026-07-28'].extension.client).toContain('auth/dpop');
  });

  it('finds the extension scenarios that no requirement set files (skills) in the plain listing', () => {
    const tagged = parseExtensionTags(fixture('list.txt'));
    expect(tagged.server).toEqual(
      expect.arrayContaining(['sep-2640-skills-enumeration', 'sep-2640-skills-manifest', 'sep-2640-skills-directory', 'tasks-lifecycle']),
    );
    expect(tagged.client).toEqual(
      expect.arrayContaining([
        'sep-2640-client-no-prefetch',
        'sep-2640-client-verify-digest',
        'sep-2640-client-verify-size',
        'sep-2640-client-verify-frontmatter',
      ]),
    );
    expect(tagged.server).not.toContain('tools-list');
    expect(sets[EXTENSION_REVISION].extension.server).not.toContain('sep-2640-skills-enumeration');
  });

  it('has an extensions line outside the five legs, whose scenarios are extension scenarios of their role', () => {
    expect(LEG_NAMES).toEqual([...LEGS.map((l) => l.name), ...OLDER_LEGS.map((l) => l.name), 'extensions']);
    expect(EXTENSION_REVISION).toBe('2026-07-28');
    expect(EXTENSIONS.client).toEqual([
      'auth/client-credentials-jwt',
      'auth/client-credentials-basic',
      'auth/enterprise-managed-authorization',
      'auth/dpop',
      'auth/dpop-nonce',
      'auth/wif-jwt-bearer',
      'sep-2640-client-no-prefetch',
      'sep-2640-client-verify-digest',
      'sep-2640-client-verify-size',
      'sep-2640-client-verify-frontmatter',
    ]);
    expect(EXTENSIONS.server.filter((s) => s.startsWith('sep-2640-'))).toEqual([
      'sep-2640-skills-enumeration',
      'sep-2640-skills-manifest',
      'sep-2640-skills-directory',
    ]);
    expect(checkExtensions(withTaggedExtensions(sets[EXTENSION_REVISION], parseExtensionTags(fixture('list.txt'))))).toEqual([]);
    // A typo, a scenario of the other role, a required scenario, a repeat: each stops the run.
    expect(
      checkExtensions(sets[EXTENSION_REVISION], { server: ['auth/dpop', 'tasks-lifecycle', 'tasks-lifecycle'], client: ['auth/dpopp', 'tools_call'] }),
    ).toEqual([
      'extensions: auth/dpop is not an extension server scenario of the suite at 2026-07-28',
      'extensions: server scenario tasks-lifecycle is listed twice',
      'extensions: auth/dpopp is not an extension client scenario of the suite at 2026-07-28',
      'extensions: tools_call is not an extension client scenario of the suite at 2026-07-28',
    ]);
  });

  it('notices a list that lost a scenario', () => {
    const short = fixture('list-requirements-2025-11-25.txt').replace('  - ping\n', '');
    expect(() => parseRequirementsList(short)).toThrow(/announced 48 scenarios but listed 47/);
  });
});

describe('judging a scenario', () => {
  it('fails a client scenario that recorded no checks, although the suite prints it as passed', () => {
    const text = fixture('client-single-no-checks.txt');
    expect(text).toContain('✅ OVERALL: PASSED');
    const single = parseSingle(text);
    expect(judgeScenario({ scenario: 'initialize', counts: single, checks: [] })).toEqual({
      passed: false,
      why: 'no checks recorded (the peer never exercised the scenario)',
    });
  });

  it('fails a scenario whose only checks are warnings (nothing was verified)', () => {
    const checks = checksOf(serverChecks, 'server-sse-multiple-streams');
    expect(checks.map((c) => c.status)).toEqual(['WARNING']);
    expect(judgeScenario({ scenario: 'server-sse-multiple-streams', checks }).passed).toBe(false);
    // the same from the summary line alone, when no checks.json was saved
    expect(judgeScenario({ scenario: 'x', counts: { passed: 0, failed: 0, warnings: undefined } }).passed).toBe(false);
  });

  it('passes a scenario with successes and no failure, and names the failing checks otherwise', () => {
    expect(judgeScenario({ scenario: 'ping', checks: checksOf(serverChecks, 'ping') })).toEqual({ passed: true, why: '' });
    expect(judgeScenario({ scenario: 'tools-call-sampling', checks: checksOf(serverChecks, 'tools-call-sampling') })).toEqual({
      passed: false,
      why: '1 failed check: scenario-timeout',
    });
    expect(judgeScenario({ scenario: 'gone' })).toMatchObject({ passed: false, why: expect.stringMatching(/^no result/) });
  });

  it('finds checks.json files by scenario name, slashes included', () => {
    expect([...serverChecks.keys()].sort()).toEqual(['ping', 'server-sse-multiple-streams', 'tools-call-sampling']);
    expect([...clientChecks.keys()].sort()).toEqual(['auth/iss-wrong-issuer', 'tools_call']);
    expect(judgeScenario({ scenario: 'auth/iss-wrong-issuer', checks: checksOf(clientChecks, 'auth/iss-wrong-issuer') }).passed).toBe(true);
  });

  it('counts the 2025 server leg of the stock SDK fixture as 25 passed, 5 failed', () => {
    const required = scenarioSets(fixture('list-requirements-2025-11-25.txt')).server;
    const lines = parseSummary(fixture('server-requirements-2025-stock.txt')).scenarios;
    const results = required.map((scenario) => {
      const l = lines.find((s) => s.scenario === scenario);
      return { scenario, counts: l && { passed: l.passed, failed: l.failed, warnings: l.warnings } };
    });
    const judged = applyExpectations(results, []);
    expect(tally(judged)).toEqual({ passed: 25, failed: 5 });
    expect(summaryLine('server-2025', 25, 5)).toBe('server-2025: 25 passed, 5 failed');
  });
});

describe('expected failures', () => {
  const failing = { scenario: 'tools-call-sampling', checks: checksOf(serverChecks, 'tools-call-sampling') };
  const passing = { scenario: 'ping', checks: checksOf(serverChecks, 'ping') };
  const e = (scenario: string, checkId?: string) => ({ scenario, checkId, reason: 'issue "X"' });

  it('lets a listed failure through, and fails on one that is not listed', () => {
    expect(applyExpectations([failing], [e('tools-call-sampling')])[0]).toMatchObject({ outcome: 'expected', reason: 'issue "X"' });
    expect(applyExpectations([failing], [])[0]).toMatchObject({ outcome: 'unexpected' });
    expect(applyExpectations([passing], [])[0]).toMatchObject({ outcome: 'pass' });
  });

  it('fails on a listed failure that now passes', () => {
    expect(applyExpectations([passing], [e('ping')])[0]).toMatchObject({ outcome: 'stale', passed: true });
    expect(applyExpectations([passing], [e('ping', 'ping')])[0]).toMatchObject({ outcome: 'stale' });
  });

  it('excuses one check with <scenario>:<check-id> and still fails on the others', () => {
    expect(applyExpectations([failing], [e('tools-call-sampling', 'scenario-timeout')])[0]).toMatchObject({ outcome: 'expected' });
    expect(applyExpectations([failing], [e('tools-call-sampling', 'tools-call-sampling')])[0]).toMatchObject({
      outcome: 'unexpected',
      why: 'failing check not in the expected failures: scenario-timeout',
    });
    const empty = { scenario: 'initialize', checks: [] };
    expect(applyExpectations([empty], [e('initialize', 'mcp-client-initialization')])[0]).toMatchObject({ outcome: 'unexpected' });
    expect(applyExpectations([empty], [e('initialize')])[0]).toMatchObject({ outcome: 'expected' });
  });

  it('reads the suite format with a reason for every entry, and rejects what the suite would misread', () => {
    const parsed = parseExpectedFailures('server: []\nclient:\n  # reason for the group\n  - auth/a\n  - auth/b:check-1  # own reason\n');
    expect(parsed.client).toEqual([
      { scenario: 'auth/a', reason: 'reason for the group', line: 4 },
      { scenario: 'auth/b', checkId: 'check-1', reason: 'own reason', line: 5 },
    ]);
    expect(() => parseExpectedFailures('client:\n  - auth/a\n')).toThrow(/needs a comment/);
    expect(() => parseExpectedFailures('client:\n  - auth/a: check # r\n')).toThrow(/YAML mapping/);
    expect(() => parseExpectedFailures('server:\n')).toThrow(/write "server: \[\]"/);
    expect(() => parseExpectedFailures('tasks: []\n')).toThrow(/unknown key "tasks"/);
    expect(() => parseExpectedFailures('client:\n  - a # r\n  - a:c # r\n')).toThrow(/redundant/);
  });

  it('keeps the extensions file valid: scenarios of the extensions line, each with a reason naming an issue', () => {
    const file = loadExpectedFailures(path(`./${EXTENSIONS_EXPECTED_FAILURES}`));
    for (const role of ['server', 'client'] as const) {
      for (const entry of file[role]) {
        expect(EXTENSIONS[role]).toContain(entry.scenario);
        expect(entry.reason).toMatch(/issue "/);
      }
    }
  });

  it('keeps the repository files valid: known scenario names, and a reason naming an issue', () => {
    for (const rev of ['2026-07-28', '2025-11-25'] as const) {
      const sets = scenarioSets(fixture(`list-requirements-${rev}.txt`));
      const file = loadExpectedFailures(path(`./expected-failures.${rev}.yml`));
      for (const role of ['server', 'client'] as const) {
        for (const entry of file[role]) {
          expect([...sets[role], ...sets.extra[role]]).toContain(entry.scenario);
          expect(entry.reason).toMatch(/issue "/);
        }
      }
    }
  });
});

describe('budgets under load', () => {
  it('gives each scenario 120 s by default, and the client under test 5 s less (MCPKIT_CONFORMANCE_DEADLINE_MS)', async () => {
    const { parseArgs } = await import('./cli.mjs');
    const { clientDeadlineMs } = await import('./scenario-runs.mjs');
    expect(parseArgs([]).timeout).toBe(120_000);
    expect(parseArgs(['--timeout', '30000']).timeout).toBe(30_000);
    expect(clientDeadlineMs(120_000)).toBe(115_000);
    expect(clientDeadlineMs(30_000)).toBe(25_000);
    expect(clientDeadlineMs(2_000)).toBe(1_000);
  });
});
