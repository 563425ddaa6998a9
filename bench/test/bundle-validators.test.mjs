// The bundles of scenario 5 hold only the validators their program uses (issue 29). esbuild bundles the
// built packages as the scenario does; the generated validators are named for their definition
// (`validateCallToolResult`), so a build that keeps names shows which are in. Runs in `pnpm test`.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { bundleOne, bundleSplit, validatorNames } from '../lib/bundle-composition.mjs';

const IMPL = fileURLToPath(new URL('../impl/mcpkit/', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'mcpkit-bundle-validators-'));
after(() => rmSync(work, { recursive: true, force: true }));

/** The validators in `entry` bundled as one file (names kept), and with code splitting. */
async function validatorsOf(entry) {
  const one = await bundleOne(join(IMPL, entry), { minify: false });
  const split = await bundleSplit(join(IMPL, entry), join(work, entry));
  return { all: validatorNames(one.code), start: split.initial.validators, later: split.lazy.validators };
}

const has = (list, names) => names.filter((name) => list.includes(name));
/** Results and what a server asks a client: what a client receives. */
const RECEIVED_BY_CLIENT = [
  'CallToolResult',
  'ListToolsResult',
  'DiscoverResult',
  'InputRequiredResult',
  'CreateMessageRequest',
  'ElicitRequest',
  'InputRequest',
];
/** Whole messages and unions no program of the two needs (each side validates params and results). */
const UNUSED = ['ClientRequest', 'ServerNotification', 'ServerResult', 'JSONRPCMessage', 'CallToolRequest', 'CallToolResultResponse'];

test('a Workers server with one tool holds the validators of what it receives, and its self-checks only on first use', async () => {
  const { all, start, later } = await validatorsOf('workers-entry.mjs');
  assert.ok(all.includes('CallToolRequestParams') && all.includes('Tool'), 'the params of tools/call and the Tool check are in');
  assert.deepEqual(has(all, [...UNUSED, 'ListToolsResult', 'DiscoverResult', 'ServerCapabilities', 'Prompt', 'Resource', 'ResourceTemplate']), []);
  // Development-mode self-checks (its own results and input requests) load with `import()`.
  assert.deepEqual(has(start, ['CreateMessageRequest', 'CreateMessageRequestParams', 'ElicitRequest', 'InputRequest', 'CallToolResult']), []);
  assert.ok(later.includes('CallToolResult') && later.includes('CreateMessageRequest'));
  assert.ok(start.includes('CallToolRequestParams'));
});

test('a client with validateResults: false loads no result validator, and one that validates loads them on first use', async () => {
  const unvalidated = await validatorsOf('client-entry-unvalidated.mjs');
  assert.deepEqual(has(unvalidated.start, RECEIVED_BY_CLIENT), [], 'no result or input request validator at start');
  assert.ok(
    unvalidated.start.every((name) => /Notification|Progress|Logging|SubscriptionFilter|MetaObject/.test(name)),
    unvalidated.start.join(', '),
  );
  // A client checks what it receives, never what it sends.
  assert.deepEqual(has(unvalidated.all, ['CallToolRequestParams', 'PaginatedRequestParams', ...UNUSED]), []);
  const validating = await validatorsOf('client-entry.mjs');
  assert.deepEqual(has(validating.start, RECEIVED_BY_CLIENT), []);
  assert.ok(validating.later.includes('CallToolResult') && validating.later.includes('InputRequiredResult'));
});

test('a LeanClient bundle holds the checks it names: none with false (no JSON Schema validator either), all with resultValidators', async () => {
  const bare = await bundleOne(join(IMPL, 'client-entry-lean.mjs'), { minify: false });
  const bareValidators = validatorNames(bare.code);
  assert.deepEqual(has(bareValidators, RECEIVED_BY_CLIENT), [], 'no result or input request validator, even in one file');
  assert.ok(
    bareValidators.every((name) => /Notification|Progress|Logging|SubscriptionFilter|MetaObject/.test(name)),
    bareValidators.join(', '),
  );
  assert.equal(bare.schemaModules['json-schema'] ?? 0, 0, 'the JSON Schema validator of output schemas is left out');
  assert.doesNotMatch(
    typeof bare.code === 'string' ? bare.code : new TextDecoder().decode(bare.code),
    /\bcatalogue\d* = \{/,
    'the method catalogue is left out (the client reads its small tables)',
  );
  const named = await bundleOne(join(IMPL, 'client-entry-lean-validated.mjs'), { minify: false });
  const namedValidators = validatorNames(named.code);
  assert.deepEqual(has(namedValidators, ['CallToolResult', 'ListToolsResult', 'DiscoverResult', 'InputRequiredResult']).length, 4);
  assert.ok((named.schemaModules['json-schema'] ?? 0) > 0, 'the output-schema check is in');
});
