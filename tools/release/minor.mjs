// Scenario 4 of the rehearsal: a minor release of @mcpkit/jsonrpc. While the packages are 0.x a minor
// is outside every dependent's caret range, so changesets releases the dependents with the new range.
// (a) An app that takes the latest of everything has one copy of jsonrpc, and works.
// (b) An app that takes the new jsonrpc but keeps stdio, client, server and http of before has two
//     copies; errors must still be recognised across them (examples/two-copies.mjs).
import path from 'node:path';
import fs from 'node:fs';
import { addExamples, consumerProject, runExample } from './consumers-run.mjs';

const SECTION = 'minor of @mcpkit/jsonrpc';

/** The versions of `name` installed in `dir` (npm ls). */
async function installedVersions(context, dir, name) {
  const listed = await context.exec('npm', ['ls', name, '--all', '--json'], { cwd: dir });
  const versions = new Set();
  const walk = (node) => {
    for (const [dep, child] of Object.entries(node.dependencies ?? {})) {
      if (dep === name && child.version) versions.add(child.version);
      walk(child);
    }
  };
  walk(JSON.parse(listed.output || '{}'));
  return [...versions].sort();
}

export async function minorScenario(context, release) {
  const previous = new Map(context.afterPatch.map((p) => [p.name, p.version]));
  fs.writeFileSync(
    path.join(context.clone, '.changeset', 'rehearsal-jsonrpc-minor.md'),
    '---\n"@mcpkit/jsonrpc": minor\n---\n\nRehearsal: a minor of jsonrpc.\n',
  );
  await context.run('pnpm', ['version-packages'], { cwd: context.clone, env: context.releaseEnv });
  await context.git('add', '-A');
  await context.git('commit', '--quiet', '-m', 'rehearsal: minor @mcpkit/jsonrpc');
  const after = await release(context, 'jsonrpc minor');
  const latest = new Map(after.map((p) => [p.name, p.version]));
  const jsonrpc = latest.get('@mcpkit/jsonrpc');
  const bumped = after.filter((p) => previous.get(p.name) !== p.version).map((p) => `${p.name} ${previous.get(p.name)} → ${p.version}`);
  context.record(SECTION, 'changeset version released jsonrpc and, with the new range, its dependents', bumped.length > 1, bumped.join('; '));

  // (a) Everything at its latest: the ranges allow one copy.
  const all = Object.fromEntries([...latest].filter(([name]) => name !== '@mcpkit/cli'));
  const one = await consumerProject(context, 'app-latest', all);
  const copies = await installedVersions(context, one, '@mcpkit/jsonrpc');
  context.record(
    SECTION,
    'an app on the latest of every package has one copy of jsonrpc',
    copies.length === 1 && copies[0] === jsonrpc,
    `npm ls: ${copies.join(', ')}`,
  );
  addExamples(one);
  for (const file of ['client.mjs', 'stdio.mjs']) {
    const { ok, detail } = await runExample(context, one, file, process.execPath, 'esm');
    context.record(SECTION, `one copy: the ${file.replace('.mjs', '')} example works`, ok, detail);
  }

  // (b) The new jsonrpc beside stdio, client, server and http of the previous release: two copies.
  const old = (name) => previous.get(name);
  const two = await consumerProject(context, 'app-two-copies', {
    '@mcpkit/jsonrpc': jsonrpc,
    '@mcpkit/stdio': old('@mcpkit/stdio'),
    '@mcpkit/client': old('@mcpkit/client'),
    '@mcpkit/server': old('@mcpkit/server'),
    '@mcpkit/http': old('@mcpkit/http'),
  });
  const both = await installedVersions(context, two, '@mcpkit/jsonrpc');
  context.record(SECTION, 'an app on the new jsonrpc with stdio/client/server/http of before has two copies', both.length === 2, `npm ls: ${both.join(', ')}`);
  addExamples(two);
  for (const mode of ['esm', 'cjs']) {
    const { ok, detail } = await runExample(context, two, 'two-copies.mjs', process.execPath, mode);
    context.record(SECTION, `two copies, ${mode.toUpperCase()}: errors recognised, TransportClosedError not re-wrapped`, ok, detail);
  }
}
