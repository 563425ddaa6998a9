/**
 * `--otel`: the OpenTelemetry SDK is loaded only when asked for, so the CLI's other paths never
 * load it (nor `@mcpkit/otel`), and a CLI installed without its optional OpenTelemetry packages
 * says what to install instead of failing with a module-resolution stack.
 */
import type { Telemetry } from './sdk.js';

export type { Telemetry } from './sdk.js';

/** The optional dependencies `--otel` needs (the OTLP exporter only when an endpoint is set). */
export const OTEL_PACKAGES = ['@opentelemetry/api', '@opentelemetry/context-async-hooks', '@opentelemetry/core', '@opentelemetry/sdk-trace-base'] as const;

/** The error a missing optional package turns into. */
export class TelemetryUnavailableError extends Error {
  override readonly name = 'TelemetryUnavailableError';
}

/** Whether `error` is Node's "cannot find that package" (ESM or CommonJS). */
export function isMissingModule(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND';
}

/**
 * Registers the SDK globally: spans printed on stderr by `write`, and sent over OTLP/HTTP as well
 * when `OTEL_EXPORTER_OTLP_ENDPOINT` or `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT` is set.
 */
export async function loadTelemetry(write: (line: string) => void, env: NodeJS.ProcessEnv = process.env): Promise<Telemetry> {
  let sdk: typeof import('./sdk.js');
  try {
    sdk = await import('./sdk.js');
  } catch (error) {
    if (!isMissingModule(error)) throw error;
    throw new TelemetryUnavailableError(
      `--otel needs the OpenTelemetry SDK, an optional dependency of @mcpkit/cli that is not installed here: npm install ${OTEL_PACKAGES.join(' ')}`,
    );
  }
  return sdk.startTelemetry(write, env);
}
