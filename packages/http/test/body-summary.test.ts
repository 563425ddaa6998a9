import { describe, expect, it } from 'vitest';
import { HttpError, summarizeBody } from '../src/index.js';

/** A wrong URL often answers with a whole HTML page: errors must say what it is in one line. */
describe('summarizeBody', () => {
  const page =
    '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>Error</title>\n</head>\n<body>\n<pre>Cannot POST /sse</pre>\n</body>\n</html>\n';

  it('names an HTML page by its title and first words, in one line', () => {
    expect(summarizeBody(page)).toEqual({ kind: 'html', text: 'an HTML page: "Error: Cannot POST /sse"' });
    expect(summarizeBody('<p>hi</p>', 'text/html; charset=utf-8')).toEqual({ kind: 'html', text: 'an HTML page: "hi"' });
    const long = `<html><body>${'word '.repeat(200)}</body></html>`;
    expect(summarizeBody(long).text.length).toBeLessThanOrEqual(160);
  });

  it('gives a JSON-RPC error its code and message, other JSON and text their first line, and says when it is empty', () => {
    expect(summarizeBody('{"jsonrpc":"2.0","id":null,"error":{"code":-32001,"message":"Session not found"}}')).toEqual({
      kind: 'json-rpc-error',
      text: 'JSON-RPC error -32001 "Session not found"',
    });
    expect(summarizeBody('{"ok":\n true}')).toEqual({ kind: 'json', text: '{"ok": true}' });
    expect(summarizeBody('No transport found\nfor sessionId')).toEqual({ kind: 'text', text: 'No transport found' });
    expect(summarizeBody('  \n')).toEqual({ kind: 'empty', text: 'an empty body' });
  });

  it('keeps HttpError messages to one line while the body stays whole', () => {
    const error = new HttpError(404, 'Not Found', page);
    expect(error.message).toBe('HTTP 404 Not Found: an HTML page: "Error: Cannot POST /sse"');
    expect(error.body).toBe(page);
  });
});
