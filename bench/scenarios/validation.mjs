// Scenario 6 — validation: validations per second of a `tools/call` request and a `CallToolResult`,
// our precompiled validators against ajv compiling the official schema at run time (and the official SDK's own zod).
import { fileURLToPath } from 'node:url';
import { millis, num, pm, times } from '../lib/format.mjs';
import { runNodeJson } from '../lib/proc.mjs';
import { repeatAlternating } from '../lib/repeat.mjs';
import { implFile, isUnverified } from '../lib/sides.mjs';
import { med } from '../lib/scenario-kit.mjs';
import { specDir } from '../lib/spec.mjs';
import { ratio } from '../lib/stats.mjs';

export const id = 'validation';
export const title = '6. Validation — `tools/call` request and `CallToolResult`';

const DRIVER = fileURLToPath(new URL('../drivers/validation-driver.mjs', import.meta.url));
const VALIDATORS = [
  ['mcpkit', 'mcpkit precompiled (@mcpkit/schema)', () => implFile('mcpkit', 'validators.mjs')],
  ['ajv', 'ajv 8, official schema.json compiled at run time', () => implFile('official', 'validators-ajv.mjs')],
  ['zod', 'official SDK v2 own zod spec schemas (`isSpecType`)', () => implFile('official', 'validators-zod.mjs')],
];

export async function run({ quick, reps: repsOpt, log }) {
  if (!specDir()) throw new Error('vendor/spec not found: scenario 6 validates the spec examples');
  const reps = repsOpt ?? (quick ? 1 : 3);
  const maxMs = quick ? 300 : 1_500;
  const files = Object.fromEntries(VALIDATORS.map(([vid, , file]) => [vid, file()]).filter(([, f]) => f));

  const { results, failures } = await repeatAlternating({
    ids: Object.keys(files),
    reps,
    log,
    runOne: (vid) => runNodeJson(DRIVER, [JSON.stringify({ impl: files[vid], maxMs })]),
  });

  const rate = (vid, key) => med(results[vid], (r) => r[key]);
  const rows = VALIDATORS.map(([vid, text]) => {
    if (!results[vid]?.length) {
      const why = files[vid] ? `not available: ${(failures[vid] ?? '').split('\n')[0]}` : 'not available (no impl/mcpkit/validators.mjs)';
      return [text, why, '', '', '', '', ''];
    }
    const c = results[vid][0].checks;
    const correct = c.requestAccepted && c.resultAccepted && c.badRequestRejected && c.badResultRejected;
    const req = rate(vid, 'requestPerSec');
    const res = rate(vid, 'resultPerSec');
    return [
      text + (isUnverified(files[vid]) ? ' — unverified slot' : ''),
      `${num(req.value)} ${pm(req.spread)}`,
      `${num(res.value)} ${pm(res.spread)}`,
      times(ratio(req.value, rate('ajv', 'requestPerSec').value)) + ' / ' + times(ratio(res.value, rate('ajv', 'resultPerSec').value)),
      millis(rate(vid, 'compileMs').value),
      millis(rate(vid, 'setupMs').value),
      correct ? 'yes' : `**no**: ${JSON.stringify(c)}`,
    ];
  });

  const r = (vid) => rate(vid, 'requestPerSec').value;
  const s = (vid) => rate(vid, 'resultPerSec').value;
  return {
    id,
    title,
    description:
      "Each validator runs in its own process: the spec's own examples (`CallToolRequest/call-tool-request.json`, " +
      '`CallToolResult/result-with-unstructured-text.json`) must pass and a broken copy of each (a numeric tool name, a ' +
      `text block without text) must fail; then each is validated in a tight loop for ${maxMs / 1000} s after a warm-up. ` +
      `${reps} run(s) per validator, alternating; medians. "compile" is the time to build the validators in-process; ` +
      '"import + compile" adds loading the modules. The official SDK validates protocol messages with zod (its ' +
      '`specTypeSchemas`), shown for context; note that its zod `CallToolRequest` also accepts a request without `_meta` ' +
      '(it serves both eras), which the 2026-07-28 schema rejects.',
    tables: [
      {
        header: ['validator', 'CallToolRequest / s', 'CallToolResult / s', 'vs ajv (req / result)', 'compile', 'import + compile', 'correct'],
        rows,
      },
    ],
    ratios: [
      ['request, mcpkit / ajv', ratio(r('mcpkit'), r('ajv'))],
      ['result, mcpkit / ajv', ratio(s('mcpkit'), s('ajv'))],
    ],
    metrics: {
      'validation.request': {
        title: 'CallToolRequest validations/s',
        better: 'higher',
        mcpkit: r('mcpkit'),
        official: r('ajv'),
        raw: Number.NaN,
        zod: r('zod'),
      },
      'validation.result': { title: 'CallToolResult validations/s', better: 'higher', mcpkit: s('mcpkit'), official: s('ajv'), raw: Number.NaN, zod: s('zod') },
    },
    status: {
      mcpkit: files.mcpkit
        ? results.mcpkit?.length
          ? isUnverified(files.mcpkit)
            ? 'measured — unverified slot'
            : 'measured'
          : `not available: ${(failures.mcpkit ?? '').split('\n')[0]}`
        : 'not available (no impl/mcpkit/validators.mjs)',
      official: results.ajv?.length ? 'measured (ajv baseline and zod)' : `not available: ${failures.ajv ?? ''}`,
      raw: 'no raw limit for validation',
    },
    eras: { official: 'schema 2026-07-28 (vendor/spec); zod schemas as shipped in @modelcontextprotocol/server 2.4.0' },
    notes: [],
  };
}
