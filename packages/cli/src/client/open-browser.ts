import { spawn } from 'node:child_process';

/**
 * `--open`: hands a URL to the system's browser opener (`open` on macOS, `start` on Windows,
 * `xdg-open` elsewhere), detached and unwatched. Failing to open is not an error: the URL is
 * printed anyway, and the user can copy it.
 */
export function openBrowser(url: string, onFailure: (message: string) => void): void {
  const [command, args] =
    process.platform === 'darwin'
      ? ['open', [url]]
      : process.platform === 'win32'
        ? ['cmd', ['/c', 'start', '', url.replace(/&/g, '^&')]]
        : ['xdg-open', [url]];
  try {
    const child = spawn(command, args, { stdio: 'ignore', detached: true });
    child.on('error', (error) =>
      onFailure(`could not open a browser (${command}: ${(error as NodeJS.ErrnoException).code ?? error.message}); open the URL yourself`),
    );
    child.unref();
  } catch (error) {
    onFailure(`could not open a browser (${(error as Error).message}); open the URL yourself`);
  }
}
