import type { ViewCsp } from '@mcpkit/apps';

/**
 * The script of the sandbox proxy page, inlined into it as source text (so it may use nothing from
 * outside its body but its two arguments). It relays JSON-RPC messages between the host (its
 * parent, of `hostOrigin`) and the view (an inner frame it creates once the host sends the HTML),
 * keeps the `ui/notifications/sandbox-*` messages to itself, and loads the view with the CSP built
 * from the declared `ui.csp`. spec: extensions/apps/2026-01-26/apps.mdx "Sandbox proxy"
 */
export function sandboxMain(hostOrigin: string, buildCsp: (csp: unknown) => ViewCsp): void {
  const host = window.parent;
  const RESERVED = 'ui/notifications/sandbox-';
  const SANDBOX_TOKENS = ['allow-scripts', 'allow-same-origin', 'allow-forms', 'allow-popups', 'allow-modals', 'allow-downloads'];
  const FEATURES: Record<string, string> = { camera: 'camera', microphone: 'microphone', geolocation: 'geolocation', clipboardWrite: 'clipboard-write' };
  // Rule 1: the host and the sandbox have different origins; a proxy framed by another page stays inert.
  const ancestors = (location as Location & { ancestorOrigins?: DOMStringList }).ancestorOrigins;
  if (host === window || location.origin === hostOrigin || (ancestors && ancestors.length > 0 && ancestors[0] !== hostOrigin)) {
    document.body.setAttribute('data-refused', 'true');
    return;
  }
  let inner: HTMLIFrameElement | undefined;
  const methodOf = (data: unknown): string | undefined =>
    data !== null && typeof data === 'object' && typeof (data as { method?: unknown }).method === 'string' ? (data as { method: string }).method : undefined;
  const load = (params: Record<string, unknown>): void => {
    if (inner || typeof params.html !== 'string') return;
    const policy = buildCsp(params.csp).policy;
    const frame = document.createElement('iframe');
    const asked = typeof params.sandbox === 'string' ? params.sandbox.split(/\s+/).filter((token) => SANDBOX_TOKENS.includes(token)) : [];
    frame.setAttribute('sandbox', asked.length > 0 ? asked.join(' ') : 'allow-scripts allow-same-origin allow-forms');
    const permissions = params.permissions && typeof params.permissions === 'object' ? (params.permissions as Record<string, unknown>) : {};
    const allow = Object.keys(permissions)
      .filter((key) => FEATURES[key])
      .map((key) => FEATURES[key]);
    if (allow.length > 0) frame.setAttribute('allow', allow.join('; '));
    frame.setAttribute('title', 'MCP App view');
    frame.style.cssText = 'border:0;width:100%;height:100%;display:block';
    // The policy goes first in the document, before any of the view's own markup can run.
    const meta = `<meta http-equiv="Content-Security-Policy" content="${policy}">`;
    const html = params.html;
    const doctype = /^\s*<!doctype[^>]*>/i.exec(html);
    frame.srcdoc = doctype ? doctype[0] + meta + html.slice(doctype[0].length) : meta + html;
    document.body.setAttribute('data-csp', policy);
    document.body.appendChild(frame);
    inner = frame;
  };
  window.addEventListener('message', (event: MessageEvent) => {
    const method = methodOf(event.data);
    if (event.source === host) {
      if (event.origin !== hostOrigin) return;
      if (method === `${RESERVED}resource-ready`) return load(((event.data as { params?: Record<string, unknown> }).params ?? {}) as Record<string, unknown>);
      if (method?.startsWith(RESERVED)) return;
      const target = inner?.contentWindow;
      // The view shares this page's origin unless the host dropped allow-same-origin (then it is opaque).
      if (target) target.postMessage(event.data, inner!.getAttribute('sandbox')!.includes('allow-same-origin') ? location.origin : '*');
    } else if (inner && event.source === inner.contentWindow) {
      if (method?.startsWith(RESERVED)) return;
      host.postMessage(event.data, hostOrigin);
    }
  });
  host.postMessage({ jsonrpc: '2.0', method: `${RESERVED}proxy-ready`, params: {} }, hostOrigin);
}
