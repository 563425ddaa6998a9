// The directory source under attack (issue 32): whoever can write into the skills directory (a synced
// folder, a checkout) swaps files for links, pipes and loops while the server reads; the server, in
// its own process over stdio, must never serve a byte from outside its root, never hang, refuse
// every odd path with -32602 naming the URI, and keep the cost of a listing bounded by the limits.
// spec: extensions skills.mdx "Error Handling", "Limits"
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { linkSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { RemoteError } from '@mcpkit/jsonrpc';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fixtureClient, type RawClient } from './helpers.js';

const SWAPPER = join(dirname(fileURLToPath(import.meta.url)), 'fixtures', 'swap-forever.mjs');
const SECRET = 'outside the skills directory: never served\n';
const GOOD = '# Good\n\nThe file the skill lists.\n';
const skillMd = (name: string) => `---\nname: ${name}\ndescription: The ${name} skill\n---\nBody of ${name}.\n`;

let root: string;
let outside: string;
const write = (path: string, content: string | Uint8Array) => {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), content);
};
const mkfifo = (path: string) => {
  const made = spawnSync('mkfifo', [path]);
  if (made.status !== 0) throw new Error(`mkfifo ${path} failed: ${made.stderr}`);
};

const clients: RawClient[] = [];
const children: ChildProcess[] = [];
const client = (...args: string[]) => {
  const c = fixtureClient(root, ...args);
  clients.push(c);
  return c;
};
afterEach(async () => {
  for (const child of children.splice(0)) {
    child.stdin?.end();
    if (child.exitCode === null) child.kill('SIGKILL');
  }
  await Promise.all(clients.splice(0).map((c) => c.close()));
});

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'mcpkit-skills-hostile-'));
  outside = mkdtempSync(join(tmpdir(), 'mcpkit-outside-'));
  writeFileSync(join(outside, 'secret.md'), SECRET);
  mkdirSync(join(outside, 'dir'));
  writeFileSync(join(outside, 'dir', 'page.md'), SECRET);
  write('tour/SKILL.md', skillMd('tour'));
  write('tour/notes.md', GOOD);
  write('tour/.git/config', '[core]\n');
  write('tour/.git/objects/ab/cdef', 'blob');
  write('other/SKILL.md', skillMd('other'));
  write('other/read-me.md', 'Another skill, read while the first one is attacked.\n');
});
afterAll(() => {
  rmSync(root, { recursive: true, force: true });
  rmSync(outside, { recursive: true, force: true });
});

async function refusal(promise: Promise<unknown>): Promise<RemoteError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(RemoteError);
  return error as RemoteError;
}

/** Starts the swapper on `target` and resolves once it swapped a first time. */
async function swapping(mode: string, target: string, home: string, to: string): Promise<void> {
  const child = spawn(process.execPath, [SWAPPER, mode, target, home, to], { stdio: ['pipe', 'pipe', 'inherit'] });
  children.push(child);
  await new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the swapper exited with ${code}`)));
    child.stdout!.once('data', () => resolve());
  });
}

/** Reads `uri` `count` times over `lanes` concurrent lanes; tallies what came back. */
async function readMany(c: RawClient, uri: string, count: number, lanes = 4): Promise<{ texts: string[]; refused: number; other: unknown[] }> {
  const texts: string[] = [];
  const other: unknown[] = [];
  let refused = 0;
  let left = count;
  await Promise.all(
    Array.from({ length: lanes }, async () => {
      while (left-- > 0) {
        try {
          const read = await c.readResource({ uri });
          const item = read.contents[0] as { text?: string; blob?: string };
          texts.push(item.text ?? Buffer.from(item.blob ?? '', 'base64').toString());
        } catch (error) {
          if (error instanceof RemoteError && error.code === -32602) refused++;
          else {
            other.push(error);
            left = 0; // a read that did not answer (a timeout) is the finding: stop here
          }
        }
      }
    }),
  );
  return { texts, refused, other };
}

describe('a skill file swapped while the server reads it', () => {
  /** A file of the skill `tour` that a swapper replaces in turn by each of `kinds`. */
  async function swapped(kinds: string): Promise<{ uri: string; stop(): void }> {
    const home = join(root, 'tour', '.swap');
    mkdirSync(home, { recursive: true });
    writeFileSync(join(home, 'file'), GOOD);
    mkfifo(join(home, 'fifo'));
    const target = join(root, 'tour', 'swapped.md');
    linkSync(join(home, 'file'), target);
    await swapping(kinds, target, home, join(outside, 'secret.md'));
    return {
      uri: 'skill://tour/swapped.md',
      stop: () => {
        for (const child of children.splice(0)) child.kill('SIGKILL');
        rmSync(home, { recursive: true, force: true });
        rmSync(target, { force: true });
      },
    };
  }

  it('for a link to an outside file, never serves the outside bytes, over many tries', { timeout: 120_000 }, async () => {
    const c = client();
    const file = await swapped('file,link');
    try {
      const { texts, refused, other } = await readMany(c, file.uri, 1500);
      expect(other).toEqual([]);
      expect(texts.filter((t) => t !== GOOD)).toEqual([]);
      // The swapper did swap during the reads: some were served, some refused.
      expect(texts.length).toBeGreaterThan(0);
      expect(refused).toBeGreaterThan(0);
    } finally {
      file.stop();
    }
  });

  it('for a named pipe, never hangs, and never holds up the reads of other skills', { timeout: 120_000 }, async () => {
    const c = client();
    const file = await swapped('file,fifo');
    try {
      const { texts, refused, other } = await readMany(c, file.uri, 1500);
      expect(other).toEqual([]);
      expect(texts.filter((t) => t !== GOOD)).toEqual([]);
      expect(texts.length).toBeGreaterThan(0);
      expect(refused).toBeGreaterThan(0);
      // Another skill is read at once, the swapper still running.
      expect((await c.readResource({ uri: 'skill://other/read-me.md' })).contents[0].text).toMatch(/Another skill/);
    } finally {
      file.stop();
    }
  });

  it('for a directory on its path swapped with a link to an outside directory, never serves the outside bytes', { timeout: 120_000 }, async () => {
    const home = join(root, 'tour', '.swap-dir');
    mkdirSync(home, { recursive: true });
    write('tour/dir/page.md', GOOD);
    const c = client();
    try {
      await swapping('dir', join(root, 'tour', 'dir'), home, join(outside, 'dir'));
      const { texts, other } = await readMany(c, 'skill://tour/dir/page.md', 1500);
      expect(other).toEqual([]);
      expect(texts.filter((t) => t !== GOOD)).toEqual([]);
    } finally {
      for (const child of children.splice(0)) child.kill('SIGKILL');
      rmSync(home, { recursive: true, force: true });
      rmSync(join(root, 'tour', 'dir'), { recursive: true, force: true });
    }
  });
});

describe('odd paths', () => {
  it('answers a symbolic link loop and an over-long name with -32602 naming the URI, not -32603', async () => {
    symlinkSync(join(root, 'tour', 'loop-b'), join(root, 'tour', 'loop-a'));
    symlinkSync(join(root, 'tour', 'loop-a'), join(root, 'tour', 'loop-b'));
    const c = client('--follow-symlinks');
    const long = 'n'.repeat(300);
    try {
      for (const [method, uri] of [
        ['resources/read', 'skill://tour/loop-a/x.md'],
        ['resources/read', 'skill://tour/loop-a'],
        ['resources/directory/read', 'skill://tour/loop-a'],
        ['resources/read', `skill://tour/${long}/x.md`],
        ['resources/read', `skill://tour/${long}`],
        ['resources/directory/read', `skill://tour/${long}`],
        ['skills/get', `skill://${long}/SKILL.md`],
        ['skills/get', 'skill://tour/loop-a/SKILL.md'],
      ] as const) {
        const error = await refusal(c.request(method, { uri }));
        expect(error.code, `${method} ${uri}`).toBe(-32602);
        expect(JSON.stringify([error.message, error.data]), `${method} ${uri}`).toContain(uri);
      }
      // The listing leaves the loop out and goes on.
      const listed = (await c.request('skills/list')) as unknown as { skills: Array<{ uri: string }> };
      expect(listed.skills.map((s) => s.uri)).toEqual(['skill://other/SKILL.md', 'skill://tour/SKILL.md']);
    } finally {
      rmSync(join(root, 'tour', 'loop-a'));
      rmSync(join(root, 'tour', 'loop-b'));
    }
  });

  it('refuses hidden paths wherever they are in the URI, the requested one included', async () => {
    const c = client();
    for (const [method, uri] of [
      ['resources/directory/read', 'skill://tour/.git'],
      ['resources/directory/read', 'skill://tour/.git/objects'],
      ['resources/read', 'skill://tour/.git/config'],
      ['resources/read', 'skill://tour/.git'],
      ['skills/get', 'skill://tour/.git/SKILL.md'],
    ] as const) {
      const error = await refusal(c.request(method, { uri }));
      expect(error.code, `${method} ${uri}`).toBe(-32602);
      expect(JSON.stringify([error.message, error.data]), `${method} ${uri}`).toContain(uri);
    }
    const listing = (await c.request('resources/directory/read', { uri: 'skill://tour' })) as unknown as { resources: Array<{ uri: string }> };
    expect(listing.resources.map((r) => r.uri).filter((u) => u.includes('/.'))).toEqual([]);
  });

  it('serves a hard link to a file outside the root: it is that file, which its maker could read already (README, "Sources")', async () => {
    // Decision (README): a hard link is the file itself, not a pointer the server could refuse to follow.
    linkSync(join(outside, 'secret.md'), join(root, 'other', 'hard-link.md'));
    const c = client();
    try {
      expect((await c.readResource({ uri: 'skill://other/hard-link.md' })).contents[0].text).toBe(SECRET);
    } finally {
      rmSync(join(root, 'other', 'hard-link.md'));
    }
  });
});

interface FsCalls {
  total: number;
  byName: Record<string, number>;
  opened: string[];
}
const fsCalls = async (c: RawClient): Promise<FsCalls> => {
  const result = (await c.request('tools/call', { name: 'fs_calls' })) as unknown as { content: Array<{ text: string }> };
  return JSON.parse(result.content[0]!.text) as FsCalls;
};

describe('what a listing costs', () => {
  const FILES = 10_000;
  // Writing the files is slow on a loaded machine: the hook's own bound, not a timing assumption.
  beforeAll(() => {
    write('huge/SKILL.md', skillMd('huge'));
    for (let i = 0; i < FILES; i++) writeFileSync(join(root, 'huge', `file-${i}.txt`), 'x');
  }, 600_000);
  afterAll(() => {
    rmSync(join(root, 'huge'), { recursive: true, force: true });
  }, 600_000);

  // spec: skills.mdx "Limits" — a skill over 512 files is not served; finding that out costs no more than the limit.
  it(`leaves out a skill of ${FILES} files without looking at each one: the file-system calls stay below the limit's worth`, { timeout: 120_000 }, async () => {
    const c = client('--count-fs');
    await fsCalls(c); // start counting here
    const listed = (await c.request('skills/list')) as unknown as { skills: Array<{ uri: string }> };
    expect(listed.skills.map((s) => s.uri)).toEqual(['skill://other/SKILL.md', 'skill://tour/SKILL.md']);
    const listing = await fsCalls(c);
    expect(listing.total).toBeLessThan(600);
    const got = await refusal(c.request('skills/get', { uri: 'skill://huge/SKILL.md' }));
    expect(got.message).toMatch(/more than 512 files/);
    expect((await fsCalls(c)).total).toBeLessThan(600);
  });

  it('reads a file over the size limit once per change, not on every request (README, "Sources")', { timeout: 60_000 }, async () => {
    write('heavy/SKILL.md', skillMd('heavy'));
    write('heavy/big.bin', new Uint8Array(64 * 1024));
    const c = client('--count-fs', '--max-bytes', String(32 * 1024));
    try {
      await fsCalls(c);
      for (let i = 0; i < 3; i++) {
        const error = await refusal(c.request('skills/get', { uri: 'skill://heavy/SKILL.md' }));
        expect(error.message).toMatch(/more than 32768 bytes/);
      }
      const { opened } = await fsCalls(c);
      expect(opened.filter((p) => p.endsWith('big.bin'))).toHaveLength(1);
      // A change is seen: the file shrank under the limit, and the skill is served.
      write('heavy/big.bin', new Uint8Array(1024));
      const served = (await c.request('skills/get', { uri: 'skill://heavy/SKILL.md' })) as unknown as { skill: { resources: Array<{ size: number }> } };
      expect(served.skill.resources.map((r) => r.size)).toContain(1024);
    } finally {
      rmSync(join(root, 'heavy'), { recursive: true, force: true });
    }
  });
});
