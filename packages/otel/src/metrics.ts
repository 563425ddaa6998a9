/** The four duration histograms of the MCP conventions, in seconds, with their advised buckets. */
import type { Histogram, Meter } from '@opentelemetry/api';

/** The `ExplicitBucketBoundaries` the conventions advise for every MCP duration histogram. */
export const DURATION_BUCKETS: readonly number[] = [0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 30, 60, 120, 300];

function histogram(meter: Meter, name: string, description: string): Histogram {
  return meter.createHistogram(name, { unit: 's', description, advice: { explicitBucketBoundaries: [...DURATION_BUCKETS] } });
}

/** The operation and session histograms of one side. */
export interface SideMetrics {
  readonly operation: Histogram;
  readonly session: Histogram;
}

/** `mcp.server.operation.duration` and `mcp.server.session.duration`. */
export function serverMetrics(meter: Meter): SideMetrics {
  return {
    operation: histogram(meter, 'mcp.server.operation.duration', 'MCP request duration as observed by the receiver, from the request to the response'),
    session: histogram(meter, 'mcp.server.session.duration', 'The duration of the MCP session as observed on the MCP server'),
  };
}

/** `mcp.client.operation.duration` and `mcp.client.session.duration`. */
export function clientMetrics(meter: Meter): SideMetrics {
  return {
    operation: histogram(meter, 'mcp.client.operation.duration', 'MCP request duration as observed by the sender, from sending to the response'),
    session: histogram(meter, 'mcp.client.session.duration', 'The duration of the MCP session as observed on the MCP client'),
  };
}
