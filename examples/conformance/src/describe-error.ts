/** One line about an error for stderr: its class, whether the peer sent it, its code and message, and its causes. */
export function describeError(error: unknown): string {
  const parts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; current !== undefined && depth < 4; depth++) {
    if (current instanceof Error) {
      const e = current as Error & { code?: unknown; remote?: unknown; data?: unknown };
      const code = e.code === undefined ? '' : ` ${String(e.code)}`;
      const origin = e.remote === true ? ' (from the server)' : '';
      const data = e.data === undefined ? '' : ` data=${JSON.stringify(e.data).slice(0, 300)}`;
      parts.push(`${e.name}${code}${origin}: ${e.message}${data}`);
      current = e.cause;
    } else {
      parts.push(String(current));
      current = undefined;
    }
  }
  return parts.join(' <- ');
}
