// Turns the run's metrics into the panels of the SVG chart: ratios to the raw limit, and absolute sizes.
import { ratio } from './stats.mjs';
import { renderChart } from './svg.mjs';

const THROUGHPUT = [
  ['stdio.seq', 'stdio, sequential calls/s', 0.85],
  ['stdio.inflight', 'stdio, 64 in flight calls/s', 0.5],
  ['http.rps', 'HTTP tools/call req/s (50 conns)', 0.5],
  ['dispatch.direct.list', '100 tools: tools/list, dispatcher'],
  ['dispatch.direct.call', '100 tools: tools/call, dispatcher'],
  ['dispatch.fetch.list', '100 tools: tools/list, fetch handler'],
  ['dispatch.fetch.call', '100 tools: tools/call, fetch handler'],
];
const COST = [
  ['coldstart', 'cold start to first result', 1.3],
  ['http.rss', 'HTTP server peak RSS', 1.2],
  ['dispatch.direct.list.heap', 'heap/request: tools/list, dispatcher'],
  ['dispatch.direct.call.heap', 'heap/request: tools/call, dispatcher'],
  ['dispatch.fetch.list.heap', 'heap/request: tools/list, fetch'],
  ['dispatch.fetch.call.heap', 'heap/request: tools/call, fetch'],
];

/** The chart's panels for the metrics present in this run. */
export function chartPanels(metrics) {
  const vsRaw = (key) => ({ mcpkit: ratio(metrics[key].mcpkit, metrics[key].raw), official: ratio(metrics[key].official, metrics[key].raw) });
  const panels = [];
  const throughput = THROUGHPUT.filter(([k]) => metrics[k]).map(([k, label, budget]) => ({ label, ...vsRaw(k), budget }));
  if (throughput.length) {
    panels.push({
      title: 'Throughput as a share of the raw limit (1.0 = raw; higher is better)',
      scale: 'linear',
      minMax: 1,
      reference: 1,
      format: (v) => `${v.toFixed(v < 0.1 ? 3 : 2)}×`,
      tickFormat: (t) => `${t}×`,
      rows: throughput,
    });
  }
  const validation = ['validation.request', 'validation.result'].filter((k) => metrics[k]);
  if (validation.length) {
    panels.push({
      title: 'Validations/s relative to ajv compiling the official schema at run time (1.0 = ajv; grey = official SDK zod)',
      scale: 'linear',
      minMax: 1,
      reference: 1,
      format: (v) => `${v.toFixed(2)}×`,
      tickFormat: (t) => `${t}×`,
      rows: validation.map((k) => ({
        label: k === 'validation.request' ? 'CallToolRequest validations/s' : 'CallToolResult validations/s',
        mcpkit: ratio(metrics[k].mcpkit, metrics[k].official),
        official: ratio(metrics[k].zod, metrics[k].official),
      })),
    });
  }
  const cost = COST.filter(([k]) => metrics[k]).map(([k, label, budget]) => ({ label, ...vsRaw(k), budget }));
  if (cost.length) {
    panels.push({
      title: 'Cost as a multiple of the raw limit (1.0 = raw; lower is better; log scale)',
      scale: 'log',
      reference: 1,
      format: (v) => `${v < 10 ? v.toFixed(2) : v.toFixed(0)}×`,
      rows: cost,
    });
  }
  const sizes = [
    ['size.server', 'minimal Workers server'],
    ['size.client', 'minimal client'],
  ].filter(([k]) => metrics[k]);
  if (sizes.length) {
    panels.push({
      title: 'Bundle size, KB minified + gzipped (lower is better)',
      scale: 'linear',
      minMax: 30,
      format: (v) => `${v.toFixed(1)} KB`,
      tickFormat: (t) => `${t}`,
      rows: sizes.map(([k, label]) => ({ label, mcpkit: metrics[k].mcpkit / 1000, official: metrics[k].official / 1000, budget: 25 })),
    });
  }
  return panels;
}

/** The whole SVG document for a run. */
export function chartSvg(metrics, subtitle) {
  return renderChart({ title: 'mcpkit vs the official MCP SDK v2 and the raw limits', subtitle, panels: chartPanels(metrics) });
}
