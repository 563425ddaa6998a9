/**
 * One line about an HTTP reply body, for error messages: a server that is not an MCP endpoint often
 * answers with a whole HTML page, and an error that quotes it runs over many lines and says nothing.
 */

/** What a body looks like, and a one-line description of it. */
export interface BodySummary {
  /** `html`: a web page; `json-rpc-error`: a JSON-RPC error object; `json`: other JSON; `text`; `empty`. */
  readonly kind: 'html' | 'json-rpc-error' | 'json' | 'text' | 'empty';
  /** At most about 160 characters, on one line: the page's title or first text, the error's code and message, the first line of text. */
  readonly text: string;
}

const MAX = 160;

/**
 * Summarises the first bytes of a reply body (and its `Content-Type`, when known) in one line.
 * @example summarizeBody('<!DOCTYPE html><html><head><title>Error</title></head><body><pre>Cannot POST /sse</pre></body></html>')
 * // { kind: 'html', text: 'an HTML page: "Error: Cannot POST /sse"' }
 */
export function summarizeBody(body: string, contentType?: string | null): BodySummary {
  const trimmed = body.trim();
  if (trimmed === '') return { kind: 'empty', text: 'an empty body' };
  if ((contentType ?? '').toLowerCase().includes('html') || /^(<!doctype html|<html|<head|<body|<\?xml[^>]*>\s*<html)/i.test(trimmed)) {
    return { kind: 'html', text: `an HTML page${pageWords(trimmed)}` };
  }
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
    const error = rpcErrorOf(trimmed);
    if (error !== undefined) return { kind: 'json-rpc-error', text: clip(`JSON-RPC error ${error.code} ${JSON.stringify(error.message)}`) };
    return { kind: 'json', text: clip(oneLine(trimmed)) };
  }
  return { kind: 'text', text: clip(oneLine(trimmed.split(/\r?\n/)[0] ?? '')) };
}

/** `: "<title>: <first words of the body>"`, or nothing when the page has no words. */
function pageWords(html: string): string {
  const title = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(html)?.[1];
  const bodyText = textOf(/<body[^>]*>([\s\S]*)/i.exec(html)?.[1] ?? html.replace(/<head[^>]*>[\s\S]*?<\/head>/i, ' '));
  const words = [textOf(title ?? ''), bodyText].filter((part) => part !== '');
  if (words.length === 2 && words[1]!.startsWith(words[0]!)) words.shift();
  return words.length === 0 ? '' : `: ${JSON.stringify(clip(words.join(': '), MAX - 20))}`;
}

function textOf(html: string): string {
  const stripped = html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
  return oneLine(stripped);
}

function rpcErrorOf(text: string): { code: number; message: string } | undefined {
  try {
    const value = JSON.parse(text) as { error?: { code?: unknown; message?: unknown } };
    const error = value?.error;
    if (typeof error?.code === 'number' && typeof error.message === 'string') return { code: error.code, message: error.message };
  } catch {
    // a cut-off body is not JSON: summarised as text by the caller
  }
  return undefined;
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function clip(text: string, max = MAX): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
