// Reads the artifacts' archives (zip: wheel, nupkg, jar, Go module zip; gzipped tar: sdist, crate)
// into a Map of entry name → bytes, so the tests can check what each artifact holds without
// another toolchain.
import { readFileSync } from 'node:fs';
import { gunzipSync, inflateRawSync } from 'node:zlib';

function readZip(data: Buffer): Map<string, Buffer> {
  const end = data.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0) throw new Error('not a zip archive');
  const count = data.readUInt16LE(end + 10);
  let at = data.readUInt32LE(end + 16);
  const entries = new Map<string, Buffer>();
  for (let i = 0; i < count; i++) {
    if (data.readUInt32LE(at) !== 0x02014b50) throw new Error('bad zip central directory');
    const method = data.readUInt16LE(at + 10);
    const packed = data.readUInt32LE(at + 20);
    const nameLength = data.readUInt16LE(at + 28);
    const extraLength = data.readUInt16LE(at + 30);
    const commentLength = data.readUInt16LE(at + 32);
    const local = data.readUInt32LE(at + 42);
    const name = data.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    const start = local + 30 + data.readUInt16LE(local + 26) + data.readUInt16LE(local + 28);
    const raw = data.subarray(start, start + packed);
    entries.set(name, method === 8 ? inflateRawSync(raw) : Buffer.from(raw));
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

function readTar(data: Buffer): Map<string, Buffer> {
  const entries = new Map<string, Buffer>();
  let longName: string | undefined;
  for (let at = 0; at + 512 <= data.length; ) {
    const header = data.subarray(at, at + 512);
    if (header.every((b) => b === 0)) break;
    const field = (offset: number, length: number) =>
      header
        .subarray(offset, offset + length)
        .toString('utf8')
        .replace(/\0.*$/s, '');
    const size = Number.parseInt(field(124, 12).trim() || '0', 8);
    const type = field(156, 1);
    const body = data.subarray(at + 512, at + 512 + size);
    const prefix = field(345, 155);
    const name = longName ?? (prefix ? `${prefix}/${field(0, 100)}` : field(0, 100));
    longName = undefined;
    if (type === 'x') {
      // A pax header: its `path` record names the next entry.
      const path = /\d+ path=([^\n]*)\n/.exec(body.toString('utf8'));
      if (path) longName = path[1];
    } else if (type === 'L') {
      longName = body.toString('utf8').replace(/\0.*$/s, '');
    } else if (type === '0' || type === '') {
      entries.set(name, Buffer.from(body));
    }
    at += 512 + Math.ceil(size / 512) * 512;
  }
  return entries;
}

/** The files of the archive at `path` (zip, or tar.gz / .crate). */
export function readArchive(path: string): Map<string, Buffer> {
  const data = readFileSync(path);
  if (data[0] === 0x1f && data[1] === 0x8b) return readTar(gunzipSync(data));
  return readZip(data);
}
