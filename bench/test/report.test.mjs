// Unit tests of the report pieces: budgets, the SVG chart, folded-in results, wire checks, options.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseArgs } from '../lib/args.mjs';
import { BUDGETS, checkBudgets, evaluate } from '../lib/budgets.mjs';
import { chartSvg } from '../lib/chart.mjs';
import { table } from '../lib/report.mjs';
import { foldedMarkdown } from '../scenarios/folded.mjs';
import { echoCall, httpHeadersFor, isEchoResponse, responseFromHttpBody } from '../lib/wire.mjs';

const metrics = {
  'http.rps': { mcpkit: 6000, official: 500, raw: 10000 },
  'http.rss': { mcpkit: 70e6, official: 130e6, raw: 60e6 },
  'size.server': { mcpkit: 24_000, official: 148_000, raw: Number.NaN },
  coldstart: { mcpkit: Number.NaN, official: 120, raw: 45 },
};

test('budgets compare against raw, official or an absolute limit', () => {
  const byId = Object.fromEntries(BUDGETS.map((b) => [b.id, b]));
  assert.deepEqual(evaluate(byId['http-raw'], metrics, 'mcpkit'), { value: 0.6, pass: true });
  assert.deepEqual(evaluate(byId['http-official'], metrics, 'mcpkit'), { value: 12, pass: true });
  assert.equal(evaluate(byId['http-rss'], metrics, 'mcpkit').pass, true);
  assert.equal(evaluate(byId['http-rss'], metrics, 'official').pass, false);
  assert.deepEqual(evaluate(byId['size-server'], metrics, 'mcpkit'), { value: 24_000, pass: true });
  assert.equal(evaluate(byId.coldstart, metrics, 'mcpkit').pass, null, 'a side that was not measured is neither ✓ nor ✗');
  assert.equal(evaluate(byId['stdio-seq'], metrics, 'mcpkit').pass, null, 'a scenario that did not run is neither ✓ nor ✗');
});

test('checkBudgets lists only budgets whose metric ran', () => {
  const ids = checkBudgets(metrics).map((b) => b.id);
  assert.deepEqual(ids, ['http-raw', 'http-official', 'coldstart', 'size-server', 'http-rss']);
});

test('the chart is a standalone SVG with a bar per measured side and a note for the missing one', () => {
  const svg = chartSvg(metrics, 'test run');
  assert.match(svg, /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
  assert.match(svg, /<\/svg>\n$/);
  assert.match(svg, /HTTP tools\/call req\/s/);
  assert.match(svg, /mcpkit: not available/);
  assert.doesNotMatch(svg, /NaN|undefined|Infinity/);
});

test('markdown tables escape pipes', () => {
  assert.equal(table(['a', 'b'], [['x|y', 1]]), '| a | b |\n|---|---|\n| x\\|y | 1 |');
});

test('folded results render as given, as a table of rows, or as JSON', () => {
  assert.equal(foldedMarkdown('# hi'), '# hi');
  assert.equal(foldedMarkdown({ markdown: 'md' }), 'md');
  assert.equal(
    foldedMarkdown([
      { name: 'x', perSec: 1234567.5 },
      { name: 'y', perSec: 0.12345 },
    ]),
    '| name | perSec |\n|---|---|\n| x | 1,234,568 |\n| y | 0.123 |',
  );
  assert.equal(foldedMarkdown({ rows: [{ id: 'a', seq: { perSecond: 5 } }] }), '| id | seq perSecond |\n|---|---|\n| a | 5 |');
  assert.match(foldedMarkdown({ some: 'thing' }), /^```json/);
});

test('HTTP bodies are read as JSON or as SSE, and the echo must match id and text', () => {
  const response = { jsonrpc: '2.0', id: 1, result: { content: [{ type: 'text', text: 'hi' }], resultType: 'complete' } };
  assert.ok(isEchoResponse(responseFromHttpBody(JSON.stringify(response)), 1, 'hi'));
  const sse = `event: message\ndata: {"jsonrpc":"2.0","method":"notifications/progress","params":{}}\n\nevent: message\ndata: ${JSON.stringify(response)}\n\n`;
  assert.ok(isEchoResponse(responseFromHttpBody(sse), 1, 'hi'));
  assert.ok(!isEchoResponse(responseFromHttpBody(JSON.stringify(response)), 2, 'hi'));
  assert.ok(!isEchoResponse(responseFromHttpBody('{"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"x"}}'), 1, 'hi'));
  assert.equal(responseFromHttpBody('not json'), undefined);
});

test('modern requests carry the required _meta and headers', () => {
  const request = echoCall(5, 'x');
  assert.equal(request.params._meta['io.modelcontextprotocol/protocolVersion'], '2026-07-28');
  assert.deepEqual(request.params._meta['io.modelcontextprotocol/clientCapabilities'], {});
  const headers = httpHeadersFor(request);
  assert.equal(headers['mcp-protocol-version'], '2026-07-28');
  assert.equal(headers['mcp-method'], 'tools/call');
  assert.equal(headers['mcp-name'], 'echo');
  assert.match(headers.accept, /application\/json/);
  assert.match(headers.accept, /text\/event-stream/);
});

test('options: --quick, --only, --reps and bad input', () => {
  assert.deepEqual(parseArgs(['--quick', '--only', 'http,stdio', '--reps', '2']), {
    quick: true,
    curves: false,
    only: ['http', 'stdio'],
    reps: 2,
    folded: null,
    waitQuiet: 0,
    out: null,
    renderOnly: false,
    list: false,
    help: false,
  });
  assert.equal(parseArgs(['--no-folded']).folded, false);
  assert.equal(parseArgs(['--wait-quiet']).waitQuiet, 10);
  assert.equal(parseArgs(['--wait-quiet=3']).waitQuiet, 3);
  assert.deepEqual(parseArgs(['--only=size']).only, ['size']);
  assert.deepEqual(parseArgs(['--reps', 'stdio=2,mrtr=1']).reps, { stdio: 2, mrtr: 1 });
  assert.equal(parseArgs(['--curves']).curves, true);
  assert.throws(() => parseArgs(['--reps', 'stdio=0']), /positive integer/);
  assert.throws(() => parseArgs(['--reps', '0']), /positive integer/);
  assert.throws(() => parseArgs(['--only']), /needs a value/);
  assert.throws(() => parseArgs(['--fast']), /unknown option/);
});
