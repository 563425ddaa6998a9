import { renderView } from '@mcpkit/apps-host/web';
import { APPS_HOST_GLOBAL, type AppsHostGlobal } from './apps-host.js';

/**
 * The Apps host asset (dist/inspect-page/apps-host.js, built with the page by tsup.config.ts): the
 * web host of @mcpkit/apps-host, loaded by the page on first use (apps-host.ts), which it hands
 * `renderView` through one global.
 */
const host: AppsHostGlobal = { renderView };
(window as unknown as Record<string, AppsHostGlobal>)[APPS_HOST_GLOBAL] = host;
