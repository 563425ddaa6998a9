import { constants, type BigIntStats, type Dirent } from 'node:fs';
import { lstat, open, readdir, readlink, realpath, stat, type FileHandle } from 'node:fs/promises';
import { resolve, sep } from 'node:path';
import type { SkillSource, SkillSourceEntry } from '../source.js';

/** Options of `directorySkillSource`. */
export interface DirectorySkillSourceOptions {
  /** Follow symbolic links that stay inside the directory (default false: links are not served). */
  followSymlinks?: boolean;
}

// Windows has neither flag (nor named pipes in the tree); 0 leaves them out there.
const { O_RDONLY, O_NOFOLLOW = 0, O_NONBLOCK = 0, O_DIRECTORY = 0 } = constants;
/** Entries whose kind needs a `stat` (links followed, file systems that do not say), looked at this many at a time. */
const STAT_CONCURRENCY = 16;

/**
 * Any error of the file system (`ELOOP`, `ENAMETOOLONG`, `EACCES`, `ENOENT`...): the path is not
 * served, which the server answers with -32602 naming the URI. Errors without a code are bugs and
 * travel on.
 */
const isSystemError = (error: unknown): boolean => typeof (error as { code?: unknown })?.code === 'string';

/**
 * A skill source reading the directory `root`, each subdirectory holding a `SKILL.md` being a skill
 * (`<root>/git-workflow/SKILL.md` is `skill://git-workflow/SKILL.md`). Files are read when a request
 * needs them, never ahead; a file's version token is its modification time and size, so the server
 * digests a file again only when it changed. Paths never leave `root`: the server hands over checked
 * segments only, and symbolic links are not served (unless `followSymlinks`, then only those whose
 * target stays inside `root`). Every file and directory is opened first and checked afterwards (what
 * was opened is a regular file or a directory, and is the object its checked path inside `root`
 * names), so swapping a path for a link or a named pipe between a check and the read changes
 * nothing; a pipe is never waited on.
 *
 * @example const skills = createSkillsServer({ source: directorySkillSource('./skills') });
 */
export function directorySkillSource(root: string, options: DirectorySkillSourceOptions = {}): SkillSource {
  const base = resolve(root);
  const follow = options.followSymlinks === true;
  const locate = (path: string): string => {
    const full = resolve(base, ...path.split('/').filter((s) => s !== ''));
    if (full !== base && !full.startsWith(base + sep)) throw new RangeError(`directorySkillSource: ${JSON.stringify(path)} leaves ${base}`);
    return full;
  };
  let realBase: Promise<string> | undefined;
  const top = (): Promise<string> =>
    (realBase ??= realpath(base).catch((error: unknown) => {
      realBase = undefined; // the root may appear later
      throw error;
    }));
  // Where `real` (a resolved path) may be: inside the real root, and (without followSymlinks) exactly
  // where the path `full` says, so a linked directory on the way is refused like a linked file.
  const allowed = async (full: string, real: string): Promise<boolean> => {
    const realTop = await top();
    if (follow) return real === realTop || real.startsWith(realTop + sep);
    return real === resolve(realTop, full.slice(base.length + 1) || '.');
  };
  // The object open() gave is the one found now at the checked place inside the root. On Linux the
  // kernel says where the opened object itself lives (/proc/self/fd/N): one answer about that very
  // object, so no swap of a directory on the way (to a link and back) can slip between two path
  // walks. Elsewhere the path is walked again (realpath, then stat) and the inodes compared: a swap
  // after the open (say, back to the regular file once the link was followed) shows as another inode.
  const isWhereItBelongs = async (full: string, handle: FileHandle, opened: BigIntStats): Promise<boolean> => {
    const where = await openedPath(handle);
    if (where !== undefined) return allowed(full, where);
    const real = await realpath(full);
    if (!(await allowed(full, real))) return false;
    const found = await stat(real, { bigint: true });
    return found.dev === opened.dev && found.ino === opened.ino;
  };
  /** Opens `full` as a file (or a directory) that is where it belongs; `undefined` for anything else. */
  const openChecked = async (full: string, directory: boolean): Promise<{ handle: FileHandle; info: BigIntStats } | undefined> => {
    let handle: FileHandle;
    try {
      // O_NONBLOCK: a named pipe opens at once instead of waiting for a writer (and is refused below).
      // The root itself may be a link (the configured path is trusted); nothing below it is, unless followSymlinks.
      handle = await open(full, O_RDONLY | O_NONBLOCK | (follow || full === base ? 0 : O_NOFOLLOW) | (directory ? O_DIRECTORY : 0));
    } catch (error) {
      if (isSystemError(error)) return undefined;
      throw error;
    }
    try {
      const info = await handle.stat({ bigint: true });
      if ((directory ? info.isDirectory() : info.isFile()) && (await isWhereItBelongs(full, handle, info))) return { handle, info };
    } catch (error) {
      if (!isSystemError(error)) {
        await handle.close();
        throw error;
      }
    }
    await handle.close();
    return undefined;
  };
  /** The kind of an entry that its directory entry does not tell (a link to follow, an unknown type). */
  const kindOf = async (full: string, dirent: Dirent): Promise<SkillSourceEntry['kind'] | undefined> => {
    try {
      if (dirent.isSymbolicLink()) {
        if (!follow || !(await allowed(full, await realpath(full)))) return undefined;
        const info = await stat(full);
        return info.isFile() ? 'file' : info.isDirectory() ? 'directory' : undefined;
      }
      const info = await lstat(full);
      return info.isFile() ? 'file' : info.isDirectory() ? 'directory' : undefined;
    } catch (error) {
      if (isSystemError(error)) return undefined;
      throw error;
    }
  };
  return {
    async list(path) {
      const dir = locate(path);
      const opened = await openChecked(dir, true);
      if (!opened) return undefined;
      let dirents: Dirent[];
      try {
        dirents = await readOpenedDirectory(opened.handle, dir, opened.info);
      } catch (error) {
        if (isSystemError(error)) return undefined;
        throw error;
      } finally {
        await opened.handle.close();
      }
      // Kinds come with the directory entries: no stat per entry, so a directory of 100,000 files
      // costs one read of its names. Versions are asked for later, for the files a skill serves.
      const entries: SkillSourceEntry[] = [];
      const unsure: Dirent[] = [];
      for (const dirent of dirents) {
        if (dirent.isFile()) entries.push({ name: dirent.name, kind: 'file' });
        else if (dirent.isDirectory()) entries.push({ name: dirent.name, kind: 'directory' });
        else if ((dirent.isSymbolicLink() && follow) || isUnknownType(dirent)) unsure.push(dirent);
        // Links not followed, pipes, sockets, devices: left out.
      }
      for (let i = 0; i < unsure.length; i += STAT_CONCURRENCY) {
        const batch = unsure.slice(i, i + STAT_CONCURRENCY);
        const kinds = await Promise.all(batch.map((dirent) => kindOf(`${dir}${sep}${dirent.name}`, dirent)));
        batch.forEach((dirent, j) => {
          const kind = kinds[j];
          if (kind) entries.push({ name: dirent.name, kind });
        });
      }
      return entries;
    },
    async version(path) {
      try {
        const info = await (follow ? stat : lstat)(locate(path));
        return info.isFile() ? `${info.mtimeMs}:${info.size}` : undefined;
      } catch (error) {
        if (isSystemError(error)) return undefined;
        throw error;
      }
    },
    async read(path, maxBytes) {
      const opened = await openChecked(locate(path), false);
      if (!opened) return undefined;
      const { handle, info } = opened;
      try {
        // Never more than one byte past the limit: an oversized file costs no more than that to refuse.
        const length = Math.min(Number(info.size), maxBytes + 1);
        const bytes = new Uint8Array(length);
        let offset = 0;
        while (offset < length) {
          const { bytesRead } = await handle.read(bytes, offset, length - offset, offset);
          if (bytesRead === 0) break;
          offset += bytesRead;
        }
        return offset === length ? bytes : bytes.subarray(0, offset);
      } catch (error) {
        if (isSystemError(error)) return undefined;
        throw error;
      } finally {
        await handle.close();
      }
    },
  };
}

/** A directory entry whose type the file system did not report (`DT_UNKNOWN`). */
function isUnknownType(dirent: Dirent): boolean {
  return !(
    dirent.isFile() ||
    dirent.isDirectory() ||
    dirent.isSymbolicLink() ||
    dirent.isFIFO() ||
    dirent.isSocket() ||
    dirent.isCharacterDevice() ||
    dirent.isBlockDevice()
  );
}

/**
 * Where the object `handle` holds open is now, as the kernel tells it (Linux: `/proc/self/fd/N`);
 * `undefined` only where that cannot be asked (not Linux, no /proc). A deleted file answers
 * `<path> (deleted)`, which no checked path equals: it is refused, not handed to the path walk.
 */
async function openedPath(handle: FileHandle): Promise<string | undefined> {
  if (process.platform !== 'linux') return undefined;
  try {
    return await readlink(`/proc/self/fd/${handle.fd}`);
  } catch {
    return undefined; // no /proc (a bare container): the caller walks the path instead
  }
}

/**
 * The entries of the directory `handle` holds open. On Linux its names are read through the
 * descriptor itself (`/proc/self/fd/N`), so the directory cannot be swapped under the read; elsewhere
 * by its path, and the path must still name the opened directory afterwards.
 */
async function readOpenedDirectory(handle: FileHandle, dir: string, opened: BigIntStats): Promise<Dirent[]> {
  if (process.platform === 'linux') {
    try {
      return await readdir(`/proc/self/fd/${handle.fd}`, { withFileTypes: true });
    } catch {
      // No /proc (a bare container): by path, checked below.
    }
  }
  const dirents = await readdir(dir, { withFileTypes: true });
  const after = await stat(await realpath(dir), { bigint: true });
  if (after.dev !== opened.dev || after.ino !== opened.ino) {
    throw Object.assign(new Error(`${dir} changed while it was read`), { code: 'ESTALE' });
  }
  return dirents;
}
