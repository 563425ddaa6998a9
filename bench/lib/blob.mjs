// The payload of the payload-size curve: `size` bytes of ASCII text, built once per size (every side alike), and its check.

const cache = new Map();

/** A string of exactly `size` ASCII characters (so bytes = characters), the same for every side. */
export function blobText(size) {
  let s = cache.get(size);
  if (s === undefined) {
    const unit = 'abcdefghijklmnopqrstuvwxyz0123456789';
    s = unit.repeat(Math.ceil(size / unit.length)).slice(0, size);
    cache.set(size, s);
  }
  return s;
}

/** True when `text` is the blob of `size` bytes. */
export function isBlob(text, size) {
  return typeof text === 'string' && text.length === size && text === blobText(size);
}
