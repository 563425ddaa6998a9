// The three string formats of the MCP schemas, against their RFCs and against ajv-formats.
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { byte, uri, uriTemplate } from '../src/formats.js';

const require = createRequire(import.meta.url);
const { fullFormats } = require('ajv-formats/dist/formats') as typeof import('ajv-formats/dist/formats');
const ajvUri = fullFormats.uri as (value: string) => boolean;

describe('uri (RFC 3986 absolute URI)', () => {
  const valid = [
    'https://example.com/a/b?c=d#e',
    'file:///projects/app/config.json',
    'git://github.com/x/y.git',
    'urn:isbn:0451450523',
    'mailto:user@example.com',
    'data:text/plain;base64,SGVsbG8=',
    'http://[::1]:8080/',
    'http://[2001:db8::7]/c=GB',
    'http://[::ffff:192.0.2.1]/',
    'http://[v7.fe80::1]/',
    'ldap://[2001:db8::7]/c=GB?objectClass?one',
    'tel:+1-816-555-1212',
    'HTTP://EXAMPLE.COM/%7Euser',
    'custom+scheme.v1-x:opaque',
    'a:',
  ];
  const invalid = [
    '',
    'example.com',
    '/relative/path',
    '//host/path',
    '1http://x',
    'http://exa mple.com',
    'http://example.com/ä',
    'http://[1::2::3]/',
    'http://[::1',
    'http://host:port/',
    'http://%zz/',
    'https://example.com/a"b',
    'https://e.com/{x}',
  ];
  it.each(valid)('accepts %s', (value) => expect(uri(value)).toBe(true));
  it.each(invalid)('rejects %j', (value) => expect(uri(value)).toBe(false));

  it('agrees with ajv-formats, except where ajv-formats departs from RFC 3986', () => {
    // ajv-formats rejects an empty hier-part ("a:", section 3: path-empty is allowed) and accepts a
    // non-numeric port ("//h:a/" parses there as an empty authority followed by the path "/h:a/").
    const knownDifferences = new Set(['a:', 'x:?q', 'x:#f', 'http://host:port/', 'http://h:a/']);
    for (const value of [...valid, ...invalid, 'x:?q', 'x:#f', 'http://h:a/']) {
      if (knownDifferences.has(value)) expect(uri(value), value).not.toBe(ajvUri(value));
      else expect(uri(value), value).toBe(ajvUri(value));
    }
  });
});

describe('uri-template (RFC 6570)', () => {
  it.each([
    'file:///{path}',
    'https://api.example.com/users/{id}',
    '{+base}/search{?q,lang}',
    '{/path*}',
    '{var:3}',
    '{a.b}',
    '{%41}',
    'no-expressions',
    'ü/{x}',
  ])('accepts %s', (value) => expect(uriTemplate(value)).toBe(true));
  it.each(['{}', '{a', 'a}', '{a b}', '{a:0}', '{a:10000}', '{.a.}', '{a..b}', 'a b', 'a"b', '%zz', '{a,}'])('rejects %j', (value) =>
    expect(uriTemplate(value)).toBe(false),
  );
});

describe('byte (RFC 4648 base64)', () => {
  it.each(['', 'QQ==', 'QUI=', 'QUJD', 'iVBORw0KGgo=', 'a+/9'])('accepts %j', (value) => expect(byte(value)).toBe(true));
  it.each(['Q', 'QQ', 'QQ=', 'Q===', 'QUJD\n', 'QU JD', '-_==', 'QQ==QQ=='])('rejects %j', (value) => expect(byte(value)).toBe(false));
});
