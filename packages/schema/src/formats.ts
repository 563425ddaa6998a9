/**
 * The three string formats the MCP schemas use, as predicates the generated validators call.
 * Each follows the grammar of its RFC; none allocates beyond one regular-expression test.
 */

// RFC 3986, section 3 and appendix A, built from the ABNF rule by rule.
const HEX = '[0-9A-Fa-f]';
const PCT = `%${HEX}{2}`;
const UNRESERVED_SUB = "A-Za-z0-9\\-._~!$&'()*+,;=";
const PCHAR = `(?:[${UNRESERVED_SUB}:@]|${PCT})`;
const H16 = `${HEX}{1,4}`;
const DEC_OCTET = '(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
const IPV4 = `${DEC_OCTET}(?:\\.${DEC_OCTET}){3}`;
const LS32 = `(?:${H16}:${H16}|${IPV4})`;
// IPv6address: the nine forms of RFC 3986 section 3.2.2, with `n` groups of `h16 ":"` after "::".
const IPV6_TAILS = [`(?:${H16}:){5}${LS32}`, `(?:${H16}:){4}${LS32}`, `(?:${H16}:){3}${LS32}`, `(?:${H16}:){2}${LS32}`, `${H16}:${LS32}`, LS32, H16, ''];
const IPV6 = `(?:(?:${H16}:){6}${LS32}|${IPV6_TAILS.map((tail, i) => `${i === 0 ? '' : `(?:(?:${H16}:){0,${i - 1}}${H16})?`}::${tail}`).join('|')})`;
const IP_FUTURE = `[vV]${HEX}+\\.[${UNRESERVED_SUB}:]+`;
// IPv4address needs no branch of its own: every IPv4 address is also a reg-name.
const HOST = `(?:\\[(?:${IPV6}|${IP_FUTURE})\\]|(?:[${UNRESERVED_SUB}]|${PCT})*)`;
const AUTHORITY = `(?:(?:[${UNRESERVED_SUB}:]|${PCT})*@)?${HOST}(?::\\d*)?`;
const HIER_PART = `(?://${AUTHORITY}(?:/${PCHAR}*)*|/(?:${PCHAR}+(?:/${PCHAR}*)*)?|${PCHAR}+(?:/${PCHAR}*)*|)`;
const QUERY_OR_FRAGMENT = `(?:${PCHAR}|[/?])*`;
const URI = /* @__PURE__ */ new RegExp(`^[A-Za-z][A-Za-z0-9+\\-.]*:${HIER_PART}(?:\\?${QUERY_OR_FRAGMENT})?(?:#${QUERY_OR_FRAGMENT})?$`);

/** `format: "uri"`: an absolute URI (scheme required) per RFC 3986. */
export function uri(value: string): boolean {
  return URI.test(value);
}

// RFC 6570 section 2: literals (with ucschar/iprivate from RFC 3987) and `{op var,var:3,var*}`.
// Astral ucschar/iprivate: planes 1-13 and 15-16 without their last two code points, and E1000-EFFFD.
const ASTRAL =
  '\\u{10000}-\\u{1FFFD}\\u{20000}-\\u{2FFFD}\\u{30000}-\\u{3FFFD}\\u{40000}-\\u{4FFFD}\\u{50000}-\\u{5FFFD}\\u{60000}-\\u{6FFFD}\\u{70000}-\\u{7FFFD}\\u{80000}-\\u{8FFFD}\\u{90000}-\\u{9FFFD}\\u{A0000}-\\u{AFFFD}\\u{B0000}-\\u{BFFFD}\\u{C0000}-\\u{CFFFD}\\u{D0000}-\\u{DFFFD}\\u{E1000}-\\u{EFFFD}\\u{F0000}-\\u{FFFFD}\\u{100000}-\\u{10FFFD}';
const LITERAL = `[!#$&(-;=?-\\[\\]_a-z~\\u{A0}-\\u{D7FF}\\u{E000}-\\u{FDCF}\\u{FDF0}-\\u{FFEF}${ASTRAL}]`;
const VARCHAR = `(?:[A-Za-z0-9_]|${PCT})`;
const VARSPEC = `${VARCHAR}(?:\\.?${VARCHAR})*(?::[1-9]\\d{0,3}|\\*)?`;
const EXPRESSION = `\\{[+#./;?&=,!@|]?${VARSPEC}(?:,${VARSPEC})*\\}`;
const URI_TEMPLATE = /* @__PURE__ */ new RegExp(`^(?:${LITERAL}|${PCT}|${EXPRESSION})*$`, 'u');

/** `format: "uri-template"`: a URI Template per RFC 6570 (levels 1–4). */
export function uriTemplate(value: string): boolean {
  return URI_TEMPLATE.test(value);
}

// RFC 4648 section 4: the base64 alphabet in groups of four, padding only at the end.
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** `format: "byte"`: base64-encoded data per RFC 4648 (standard alphabet, padded). */
export function byte(value: string): boolean {
  return BASE64.test(value);
}
