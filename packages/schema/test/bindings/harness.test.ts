// The round-trip judge itself: what a binding that drops a `_meta` key, adds a `null`, loses an
// empty object or writes invalid JSON would produce is reported, so the per-language tests can fail.
import { describe, expect, it } from 'vitest';
import { officialValidators } from '../helpers/oracle.js';
import { REVISIONS } from '../helpers/spec.js';
import { probeCorpus, refusalCorpus } from './corpus.js';
import { allRefusals, evaluate, failures, judgeRefusals, metaAndNullLosses, namesPath, type Outcome } from './harness.js';

const items = probeCorpus('2026-07-28');
const faithful = (): Outcome[] => items.map((item) => ({ json: structuredClone(item.value) }));
/** The object at `path` inside an outcome's JSON (the tests edit it in place). */
function at(outcome: Outcome | undefined, ...path: string[]): Record<string, unknown> {
  let node = (outcome as { json: unknown }).json;
  for (const key of path) node = (node as Record<string, unknown>)[key];
  return node as Record<string, unknown>;
}

describe('round-trip evaluation', () => {
  it('passes outputs equal to their inputs', () => {
    const report = evaluate('2026-07-28', items, faithful());
    expect(failures(report)).toEqual([]);
    expect(Object.values(report.probes)).toEqual([true, true, true, true]);
  });

  it('reports a dropped `_meta` extension key', () => {
    const outcomes = faithful();
    const i = items.findIndex((item) => item.name === 'probe/meta-extension-request.json');
    delete at(outcomes[i], 'params', '_meta').traceparent;
    const report = evaluate('2026-07-28', items, outcomes);
    expect(metaAndNullLosses(report)).toEqual(['probe/meta-extension-request.json: dropped /params/_meta/traceparent']);
    expect(report.probes['_meta extension key']).toBe(false);
  });

  it('reports an added null, which the official schema also rejects', () => {
    const outcomes = faithful();
    const i = items.findIndex((item) => item.name === 'probe/unknown-member-result.json');
    at(outcomes[i]).isError = null;
    const report = evaluate('2026-07-28', items, outcomes);
    expect(metaAndNullLosses(report)).toEqual(['probe/unknown-member-result.json: added /isError']);
    expect(report.results[i]!.invalid).toBeDefined();
    expect(report.probes['unknown member']).toBe(false);
  });

  it('reports a dropped empty object and a null turned into something else', () => {
    const outcomes = faithful();
    const caps = items.findIndex((item) => item.name === 'probe/empty-capabilities.json');
    delete at(outcomes[caps]).roots;
    const args = items.findIndex((item) => item.name === 'probe/null-in-arguments.json');
    at(outcomes[args], 'params', 'arguments').unit = 0;
    const report = evaluate('2026-07-28', items, outcomes);
    expect(failures(report)).toEqual([
      'probe/null-in-arguments.json: changed /params/arguments/unit (null became 0)',
      'probe/empty-capabilities.json: dropped /roots (was {})',
    ]);
    expect(report.probes['empty object']).toBe(false);
    expect(report.probes['null inside free-form JSON']).toBe(false);
  });

  it('counts a decoding error as a failure', () => {
    const outcomes = faithful();
    outcomes[0] = { error: 'no Go type for CallToolRequest' };
    expect(failures(evaluate('2026-07-28', items, outcomes))[0]).toContain('no Go type for CallToolRequest');
  });
});

describe('strictness cases', () => {
  it.each(REVISIONS)('%s: the official schema refuses each, except an unknown resultType (refused by a spec rule)', (rev) => {
    const official = officialValidators(rev);
    for (const item of refusalCorpus(rev)) expect(official(item.type)(item.value), item.name).toBe(!item.bySchema);
    // spec: 2026-07-28/pages/basic/index.mdx ("ResultType": unknown values make the result invalid)
    expect(
      refusalCorpus(rev)
        .filter((item) => !item.bySchema)
        .map((item) => item.refusal),
    ).toEqual(rev === '2026-07-28' ? ['unknown resultType'] : []);
  });

  it('an error names the path only when it says it: as a JSON Pointer, or as member names in any notation', () => {
    expect(namesPath('DecodeError: /params/name: required member is missing', ['params', 'name'], 'pointer')).toBe(true);
    expect(namesPath('/params/_meta: required member is missing', ['params'], 'pointer')).toBe(true);
    expect(namesPath('/params/names: x', ['params', 'name'], 'pointer')).toBe(false);
    expect(namesPath('missing field `name`', ['params', 'name'], 'pointer')).toBe(false);
    expect(namesPath("Required property 'name' not found in JSON. Path 'params', line 1", ['params', 'name'], 'names')).toBe(true);
    expect(namesPath("Not a valid X. Path 'content[0].text'.", ['content', '0'], 'names')).toBe(true);
    expect(namesPath('Parameter specified as non-null is null (through reference chain: CallToolRequestParams)', ['params', 'name'], 'names')).toBe(false);
  });

  it('judges a decoded refusal item, and an error that does not name the member, as failures', () => {
    const items = allRefusals().slice(0, 2);
    const judged = judgeRefusals(items, [{ json: {} }, { error: 'invalid type: integer' }], 'pointer');
    expect(judged.map((r) => [r.error, r.namesPath])).toEqual([
      [undefined, false],
      ['invalid type: integer', false],
    ]);
  });
});
