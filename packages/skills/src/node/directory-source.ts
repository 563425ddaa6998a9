import { open, readdir, realpath, stat } from 'node:fs/promises';
import { resolve, sep } from 'node:path';
import type { SkillSource, SkillSourceEntry } from '../source.js';

/** Options of `directorySkillSource`. */
export interface DirectorySkillSourceOptions {
  /** Follow symbolic links that stay inside the directory (default false: links are not served). */
  followSymlinks?: boolean;
}

const isMissing = (error: unknown): boolean => {
  const code = (error as { code?: unknown })?.code;
  return code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR';
};

/**
 * A skill source reading the directory `root`, each subdirectory holding a `SKILL.md` being a skill
 * (`<root>/git-workflow/SKILL.md` is `skill://git-workflow/SKILL.md`). Files are read when a request
 * needs them, never ahead; a file's version token is its modification time and size, so the server
 * digests a file again only when it changed. Paths never leave `root`: the server hands over checked
 * segments only, and symbolic links are not served (unless `followSymlinks`, then only those whose
 * target stays inside `root`).
 *
 * @example const skills = skillsServer({ source: directorySkillSource('./skills') });
 */
export function directorySkillSource(root: string, options: DirectorySkillSourceOptions = {}): SkillSource {
  const base = resolve(root);
  const locate = (path: string): string => {
    const full = resolve(base, ...path.split('/').filter((s) => s !== ''));
    if (full !== base && !full.startsWith(base + sep)) throw new RangeError(`directorySkillSource: ${JSON.stringify(path)} leaves ${base}`);
    return full;
  };
  let realBase: Promise<string> | undefined;
  // Where `full` really is must be inside the real root, and (without followSymlinks) exactly where
  // its path says: a linked directory on the way is refused like a linked file.
  const reachable = async (full: string): Promise<boolean> => {
    realBase ??= realpath(base).catch((error: unknown) => {
      realBase = undefined; // the root may appear later
      throw error;
    });
    const [real, top] = await Promise.all([realpath(full), realBase]);
    if (options.followSymlinks) return real === top || real.startsWith(top + sep);
    return real === resolve(top, full.slice(base.length + 1) || '.');
  };
  return {
    async list(path) {
      const dir = locate(path);
      let dirents;
      try {
        if (!(await reachable(dir))) return undefined;
        dirents = await readdir(dir, { withFileTypes: true });
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
      const entries: SkillSourceEntry[] = [];
      for (const dirent of dirents) {
        const full = `${dir}${sep}${dirent.name}`;
        if (dirent.isSymbolicLink() && !(options.followSymlinks && (await reachable(full).catch(() => false)))) continue;
        const info = await stat(full).catch(() => undefined);
        if (info?.isFile()) entries.push({ name: dirent.name, kind: 'file', version: `${info.mtimeMs}:${info.size}` });
        else if (info?.isDirectory()) entries.push({ name: dirent.name, kind: 'directory' });
      }
      return entries;
    },
    async read(path, maxBytes) {
      const full = locate(path);
      let handle;
      try {
        if (!(await reachable(full))) return undefined;
        handle = await open(full, 'r');
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
      try {
        const info = await handle.stat();
        if (!info.isFile()) return undefined;
        // Never more than one byte past the limit: an oversized file costs no more than that to refuse.
        const length = Math.min(info.size, maxBytes + 1);
        const bytes = new Uint8Array(length);
        let offset = 0;
        while (offset < length) {
          const { bytesRead } = await handle.read(bytes, offset, length - offset, offset);
          if (bytesRead === 0) break;
          offset += bytesRead;
        }
        return offset === length ? bytes : bytes.subarray(0, offset);
      } finally {
        await handle.close();
      }
    },
  };
}
