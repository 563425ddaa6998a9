import { buildViewCsp } from '@mcpkit/apps';
import { sandboxMain } from './sandbox-main.js';

/** Options of `sandboxProxyHtml`. */
export interface SandboxProxyOptions {
  /** The origin of the host page that frames the proxy (`https://chat.example.com`); its messages only are taken. */
  hostOrigin: string;
}

const ORIGIN = /^https?:\/\/[A-Za-z0-9.-]+(:[0-9]{1,5})?$|^https?:\/\/\[[0-9A-Fa-f:.]+\](:[0-9]{1,5})?$/;

/**
 * The HTML of the sandbox proxy page, to serve from an origin other than the host's (the web host's
 * `renderView` frames it with `sandboxUrl`). It tells the host `ui/notifications/sandbox-proxy-ready`,
 * loads the view the host hands it in `ui/notifications/sandbox-resource-ready` in an inner frame with
 * the CSP built from the view's `ui.csp`, and relays every other message both ways. Serve it with
 * no Content-Security-Policy header of its own: the view's frame would inherit it.
 *
 * @example res.end(sandboxProxyHtml({ hostOrigin: 'http://127.0.0.1:8080' }));
 */
export function sandboxProxyHtml(options: SandboxProxyOptions): string {
  const hostOrigin = options?.hostOrigin;
  if (typeof hostOrigin !== 'string' || !ORIGIN.test(hostOrigin)) {
    throw new TypeError(`sandboxProxyHtml: hostOrigin must be an origin like https://host.example.com, got ${JSON.stringify(hostOrigin)}`);
  }
  const script = `(${sandboxMain.toString()})(${JSON.stringify(hostOrigin)}, ${buildViewCsp.toString()});`;
  return [
    '<!doctype html>',
    '<html><head><meta charset="utf-8"><title>MCP Apps sandbox</title>',
    '<style>html,body{margin:0;padding:0;height:100%;overflow:hidden}</style></head>',
    `<body><script>${script.replace(/<\/script/gi, '<\\/script')}</script></body></html>`,
  ].join('');
}
