// Scenario 3 of the rehearsal: a patch release of @mcpkit/http taken by an app that pins every other
// package at the first release. The app's lockfile before and after must differ only in @mcpkit/http:
// its own entry moves to the patch; a dependent that pins http exactly (an `./internal` import is
// pinned, issue 26) keeps a nested copy of the old http, which the summary names.
import fs from 'node:fs';
import path from 'node:path';
import { addExamples, consumerProject, install, runExample } from './consumers-run.mjs';

const SECTION = 'patch of @mcpkit/http taken by an app that pins the rest';

/** `path in node_modules → version` of every package in a package-lock.json. */
export function lockedVersions(dir) {
  const lock = JSON.parse(fs.readFileSync(path.join(dir, 'package-lock.json'), 'utf8'));
  return new Map(
    Object.entries(lock.packages ?? {})
      .filter(([where]) => where !== '')
      .map(([where, entry]) => [where, `${entry.version}${entry.resolved ? '' : ' (linked)'}`]),
  );
}

/** What changed between two lockfiles: added, removed and changed paths. */
export function lockDiff(before, after) {
  const changes = [];
  for (const [where, version] of after) {
    if (!before.has(where)) changes.push({ where, from: undefined, to: version });
    else if (before.get(where) !== version) changes.push({ where, from: before.get(where), to: version });
  }
  for (const [where, version] of before) if (!after.has(where)) changes.push({ where, from: version, to: undefined });
  return changes;
}

export async function patchScenario(context, release) {
  const first = new Map(context.first.map((p) => [p.name, p.version]));
  // The app: every public package but the CLI, each pinned to its first-release version.
  const pinned = Object.fromEntries([...first].filter(([name]) => name !== '@mcpkit/cli'));
  const dir = await consumerProject(context, 'app-pinned', pinned);
  const before = lockedVersions(dir);

  // The patch: one changeset for @mcpkit/http, versioned and published the real way.
  fs.writeFileSync(path.join(context.clone, '.changeset', 'rehearsal-http-patch.md'), '---\n"@mcpkit/http": patch\n---\n\nRehearsal: a patch of http.\n');
  await context.run('pnpm', ['version-packages'], { cwd: context.clone, env: context.releaseEnv });
  await context.git('add', '-A');
  await context.git('commit', '--quiet', '-m', 'rehearsal: patch @mcpkit/http');
  const after = await release(context, 'http patch');
  const bumped = after.filter((p) => first.get(p.name) !== p.version).map((p) => `${p.name} ${first.get(p.name)} → ${p.version}`);
  const httpVersion = after.find((p) => p.name === '@mcpkit/http').version;
  context.record(SECTION, 'changeset version bumped', bumped.length > 0, bumped.join('; '));

  // The app takes the patch of http only.
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
  manifest.dependencies['@mcpkit/http'] = httpVersion;
  fs.writeFileSync(path.join(dir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  await install(context, dir);
  const changes = lockDiff(before, lockedVersions(dir));
  const top = changes.filter((c) => c.where === 'node_modules/@mcpkit/http');
  const nestedHttp = changes.filter((c) => c.where !== 'node_modules/@mcpkit/http' && c.where.endsWith('/node_modules/@mcpkit/http'));
  const other = changes.filter((c) => !c.where.endsWith('node_modules/@mcpkit/http'));
  const describe = (c) => `${c.where.replace(/^node_modules\//, '')}: ${c.from ?? '(none)'} → ${c.to ?? '(removed)'}`;
  context.record(
    SECTION,
    `the lockfile changed in @mcpkit/http only (${first.get('@mcpkit/http')} → ${httpVersion})`,
    top.length === 1 && top[0].to?.startsWith(httpVersion) && other.length === 0,
    [...top, ...other].map(describe).join('; ') || 'no change',
  );
  const holders = nestedHttp.filter((c) => c.to !== undefined).map((c) => c.where.replace(/^node_modules\//, '').replace(/\/node_modules\/@mcpkit\/http$/, ''));
  context.record(
    SECTION,
    holders.length === 0
      ? 'one copy of @mcpkit/http: every dependent accepts the patch'
      : `dependents that pin @mcpkit/http exactly keep the old one nested (to take the patch the app updates them too, released in lockstep)`,
    true,
    holders.length === 0 ? 'npm ls: a single @mcpkit/http' : holders.map((h) => `${h} holds @mcpkit/http@${first.get('@mcpkit/http')}`).join('; '),
  );
  addExamples(dir);
  for (const file of ['http.mjs', 'legacy.mjs', 'express.mjs']) {
    const { ok, detail } = await runExample(context, dir, file, process.execPath, 'esm');
    context.record(SECTION, `the app still works after the patch: ${file.replace('.mjs', '')} example`, ok, detail);
  }
  context.afterPatch = after;
}
