/**
 * `WWW-Authenticate` challenges (RFC 9110 §11.6.1): parsing what a server sent and formatting what a
 * server sends. A header may hold several challenges, each a scheme followed by either a token68 or a
 * comma-separated list of `name=value` parameters whose values are tokens or quoted strings.
 */

/** One challenge of a `WWW-Authenticate` header. */
export interface AuthChallenge {
  /** The scheme as sent (compare case-insensitively: `Bearer`, `bearer`). */
  scheme: string;
  /** Parameters by lower-cased name; the first occurrence of a repeated name wins. */
  params: Record<string, string>;
  /** The token68 form (`Basic abc==`), when the challenge used it instead of parameters. */
  token68?: string;
}

const TCHAR = /[!#$%&'*+\-.^_`|~0-9A-Za-z]/;

/** Parses every challenge of a `WWW-Authenticate` header value; malformed trailing text is ignored. */
export function parseWwwAuthenticate(header: string | null | undefined): AuthChallenge[] {
  if (!header) return [];
  const text = header;
  let pos = 0;
  const challenges: AuthChallenge[] = [];

  const skip = (chars: string): void => {
    while (pos < text.length && chars.includes(text[pos]!)) pos++;
  };
  const readToken = (): string => {
    const start = pos;
    while (pos < text.length && TCHAR.test(text[pos]!)) pos++;
    return text.slice(start, pos);
  };
  const readQuoted = (): string | undefined => {
    // text[pos] is the opening quote.
    pos++;
    let value = '';
    while (pos < text.length) {
      const ch = text[pos]!;
      if (ch === '\\' && pos + 1 < text.length) {
        value += text[pos + 1];
        pos += 2;
      } else if (ch === '"') {
        pos++;
        return value;
      } else {
        value += ch;
        pos++;
      }
    }
    return undefined; // unterminated
  };

  while (pos < text.length) {
    skip(' \t,');
    if (pos >= text.length) break;
    const scheme = readToken();
    if (scheme === '') break; // not a challenge: stop rather than guess
    const challenge: AuthChallenge = { scheme, params: {} };
    challenges.push(challenge);
    skip(' \t');

    // token68: a run of token68 characters followed by optional '=' padding, then end or a comma.
    const token68 = /^[A-Za-z0-9\-._~+/]+=*/.exec(text.slice(pos));
    if (token68 !== null) {
      const after = text.slice(pos + token68[0].length).trimStart();
      const looksLikeParam = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+[ \t]*=[^=]/.test(text.slice(pos));
      if (!looksLikeParam && (after === '' || after.startsWith(','))) {
        challenge.token68 = token68[0];
        pos += token68[0].length;
        continue;
      }
    }

    for (;;) {
      const save = pos;
      skip(' \t');
      const name = readToken();
      skip(' \t');
      if (name === '' || text[pos] !== '=') {
        pos = save; // the next challenge's scheme (or junk)
        break;
      }
      pos++; // '='
      skip(' \t');
      const value = text[pos] === '"' ? readQuoted() : readToken();
      if (value === undefined) return challenges;
      const key = name.toLowerCase();
      if (!(key in challenge.params)) challenge.params[key] = value;
      skip(' \t');
      if (text[pos] !== ',') break;
      // A comma may separate parameters or challenges: look ahead for `name =`.
      const rest = text.slice(pos + 1);
      if (!/^[ \t,]*[!#$%&'*+\-.^_`|~0-9A-Za-z]+[ \t]*=/.test(rest)) break;
      pos++;
    }
  }
  return challenges;
}

/** The first `Bearer` challenge among the response's `WWW-Authenticate` headers, if any. */
export function bearerChallenge(headers: Headers): AuthChallenge | undefined {
  return parseWwwAuthenticate(headers.get('www-authenticate')).find((c) => c.scheme.toLowerCase() === 'bearer');
}

/**
 * Formats one challenge, quoting every value (`Bearer error="invalid_token", scope="a b"`).
 * Parameters whose value is `undefined` are left out; a value with a line break is refused.
 */
export function formatChallenge(scheme: string, params: Record<string, string | undefined>): string {
  if (!/^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/.test(scheme)) throw new TypeError(`Invalid auth scheme: ${JSON.stringify(scheme)}`);
  const parts: string[] = [];
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined) continue;
    if (!/^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/.test(name)) throw new TypeError(`Invalid auth parameter name: ${JSON.stringify(name)}`);
    if (/[\u0000-\u001f\u007f]/.test(value)) throw new TypeError(`Auth parameter ${name} contains a control character`);
    parts.push(`${name}="${value.replace(/[\\"]/g, (c) => `\\${c}`)}"`);
  }
  return parts.length === 0 ? scheme : `${scheme} ${parts.join(', ')}`;
}

/**
 * The OAuth challenge of a response, whichever scheme carries it: the `Bearer` and `DPoP` challenges
 * (RFC 9449 §7.1 allows both in one response) merged, the one naming an `error` first, so a client
 * finds `resource_metadata`, `scope` and `error` wherever the server put them.
 */
export function oauthChallenge(headers: Headers): AuthChallenge | undefined {
  const found = parseWwwAuthenticate(headers.get('www-authenticate')).filter((c) => {
    const scheme = c.scheme.toLowerCase();
    return scheme === 'bearer' || scheme === 'dpop';
  });
  if (found.length === 0) return undefined;
  const ordered = [...found.filter((c) => c.params.error !== undefined), ...found.filter((c) => c.params.error === undefined)];
  const params: Record<string, string> = {};
  for (const challenge of ordered) for (const [name, value] of Object.entries(challenge.params)) if (!(name in params)) params[name] = value;
  return { scheme: ordered[0]!.scheme, params };
}
