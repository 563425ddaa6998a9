// Step 3: the method catalogue of a revision, from the schema's message unions plus the `@mcp*`
// tags of the canonical sources. Every fact is checked against the schema as it is read, so a
// tag naming a type or property that does not exist fails generation instead of shipping.

/** Unions that list the messages of each direction; `InputRequest` exists in 2026-07-28 only. */
const UNIONS = {
  ClientRequest: { kind: 'request', from: 'client' },
  ServerRequest: { kind: 'request', from: 'server' },
  ClientNotification: { kind: 'notification', from: 'client' },
  ServerNotification: { kind: 'notification', from: 'server' },
  InputRequest: { kind: 'request', from: 'input' },
};

/** An extension lists its own messages in unions named with its prefix (`TasksClientRequest`...). */
export const extensionUnions = (prefix) => Object.fromEntries(Object.entries(UNIONS).map(([name, role]) => [`${prefix}${name}`, role]));

const refName = (schema) => schema?.$ref?.replace(/^#\/\$defs\//, '');
const methodOf = (def) => def?.properties?.method?.const;

/** The message definitions a union names: `anyOf` of refs, a single ref, or an inlined alias. */
function unionMembers(defs, unionName, unions) {
  const union = defs[unionName];
  if (!union) return [];
  if (Array.isArray(union.anyOf)) return union.anyOf.map(refName);
  if (refName(union)) return [refName(union)];
  const method = methodOf(union);
  if (!method) throw new Error(`${unionName} is neither a union of refs nor a message`);
  // A one-member union is inlined by the generator: find the named definition it copies.
  const named = Object.keys(defs).filter((n) => n !== unionName && !(n in unions) && methodOf(defs[n]) === method);
  if (named.length !== 1) throw new Error(`${unionName}: cannot tell which definition declares ${method}`);
  return named;
}

function parseCapability(text, where) {
  const [side, ...path] = text.split('.');
  if ((side !== 'server' && side !== 'client') || path.length === 0) {
    throw new Error(`${where}: @mcpCapability "${text}" must look like server.tools or client.elicitation`);
  }
  return { side, path };
}

/**
 * Catalogue entries of one revision (without `revisions`), sorted by method. `unions` names the
 * message unions to read (an extension's are prefixed), and `nameParams` which params `@mcpName`
 * may name (the core's `Mcp-Name` mirrors `name` or `uri`; an extension may choose another, e.g. `taskId`).
 */
export function methodEntries(rev, schema, tags, { unions = UNIONS, nameParams = ['name', 'uri'] } = {}) {
  const defs = schema.$defs;
  const found = new Map();
  for (const [unionName, { kind, from }] of Object.entries(unions)) {
    for (const defName of unionMembers(defs, unionName, unions)) {
      const def = defs[defName];
      const method = methodOf(def);
      if (!method) throw new Error(`${rev}: ${unionName} member ${defName} has no method const`);
      const entry = found.get(method) ?? { defName, kind, senders: new Set() };
      if (entry.kind !== kind) throw new Error(`${rev}: ${method} is both a request and a notification`);
      entry.senders.add(from);
      found.set(method, entry);
    }
  }
  return [...found.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([method, e]) => describe(rev, defs, tags, method, e, nameParams));
}

function describe(rev, defs, tags, method, { defName, kind, senders }, nameParams) {
  const where = `${rev} ${defName}`;
  const tag = tags[defName] ?? {};
  const params = refName(defs[defName].properties?.params);
  const paramsDef = params ? defs[params] : defs[defName].properties?.params;
  let direction;
  if (senders.has('input')) {
    if (senders.size > 1) throw new Error(`${where}: an input request cannot also be a JSON-RPC message`);
    direction = 'input-request';
  } else {
    direction = senders.size === 2 ? 'both' : senders.has('client') ? 'client-to-server' : 'server-to-client';
  }
  const result = kind === 'request' ? tag.mcpResult : undefined;
  if (kind === 'request' && !result) throw new Error(`${where}: request without @mcpResult`);
  if (kind === 'notification' && tag.mcpResult) throw new Error(`${where}: notification with @mcpResult`);
  if (result && !defs[result]) throw new Error(`${where}: @mcpResult ${result} is not a $defs entry`);
  let mcpName;
  if (tag.mcpName) {
    const match = /^params\.([A-Za-z]\w*)$/.exec(tag.mcpName);
    if (!match || !nameParams.includes(match[1])) {
      throw new Error(`${where}: @mcpName must be ${nameParams.map((n) => `params.${n}`).join(' or ')}, got ${tag.mcpName}`);
    }
    mcpName = match[1];
    if (!paramsDef?.required?.includes(mcpName)) throw new Error(`${where}: @mcpName ${tag.mcpName} is not a required param`);
  }
  const capabilities = (tag.mcpCapability ?? []).map((text) => parseCapability(text, where));
  return {
    method,
    kind,
    direction,
    params,
    result,
    // MRTR: the params take `inputResponses` (they extend InputResponseRequestParams).
    inputRequired: Boolean(paramsDef?.properties?.inputResponses),
    // Caching hints are required on a cacheable result (it extends CacheableResult).
    cacheable: Boolean(result && defs[result].required?.includes('ttlMs')),
    mcpName,
    capability: capabilities[0],
    capabilities,
  };
}

/** Adds `revisions` to each revision's entries, from the method sets of all revisions. */
export function withRevisions(entriesByRev) {
  const result = {};
  for (const [rev, entries] of Object.entries(entriesByRev)) {
    result[rev] = entries.map((entry) => ({
      ...entry,
      revisions: Object.keys(entriesByRev).filter((r) => entriesByRev[r].some((e) => e.method === entry.method)),
    }));
  }
  return result;
}

const literal = (value) => {
  if (value === undefined) return 'undefined';
  return Array.isArray(value) ? `[${value.map(literal).join(', ')}]` : JSON.stringify(value);
};

/**
 * The TypeScript module `catalogue.ts` of an extension: `<name>Catalogue`, typed `ExtensionMethodInfo`
 * (the extension's id, its base revision, and an `Mcp-Name` source that may be any param).
 */
export function renderExtensionCatalogue(ext, entries) {
  const typeName = `${ext.prefix}MethodName`;
  const lines = [
    `// Generated by tools/codegen from the ${ext.id} schema and the @mcp* tags of schema/${ext.dir}/. Do not edit.`,
    "import type { ExtensionMethodInfo } from '../../../method-info.js';",
    '',
    `/** Every request and notification method of the ${ext.id} extension. */`,
    `export type ${typeName} =\n${entries.map((e) => `  | ${literal(e.method)}`).join('\n')};`,
    '',
    `/** What each method of ${ext.id} is: direction, params and result types, caching, the \`Mcp-Name\` source. */`,
    `export const ${ext.name}Catalogue: Readonly<Record<${typeName}, ExtensionMethodInfo>> = {`,
  ];
  for (const e of entries) {
    lines.push(`  ${literal(e.method)}: {`);
    lines.push(`    extension: ${literal(ext.id)},`);
    for (const key of ['method', 'kind', 'direction', 'params', 'result', 'inputRequired', 'cacheable', 'mcpName']) {
      lines.push(`    ${key}: ${literal(e[key])},`);
    }
    const cap = (c) => `{ side: ${literal(c.side)}, path: ${literal(c.path)} }`;
    lines.push(`    capability: ${e.capability ? cap(e.capability) : 'undefined'},`);
    lines.push(`    capabilities: [${e.capabilities.map(cap).join(', ')}],`);
    lines.push(`    revisions: ${literal([ext.base])},`);
    lines.push('  },');
  }
  lines.push('};');
  return `${lines.join('\n')}\n`;
}

/** The TypeScript module `catalogue.ts` of a revision. */
export function renderCatalogue(rev, entries) {
  const lines = [
    `// Generated by tools/codegen from the ${rev} schema and the @mcp* tags of schema/${rev}/. Do not edit.`,
    "import type { MethodInfo } from '../../method-info.js';",
    '',
    `/** Every request and notification method of MCP ${rev}. */`,
    `export type MethodName =\n${entries.map((e) => `  | ${literal(e.method)}`).join('\n')};`,
    '',
    `/** What each method of MCP ${rev} is: direction, params and result types, MRTR, caching, headers, capability. */`,
    'export const catalogue: Readonly<Record<MethodName, MethodInfo>> = {',
  ];
  for (const e of entries) {
    lines.push(`  ${literal(e.method)}: {`);
    for (const key of ['method', 'kind', 'direction', 'params', 'result', 'inputRequired', 'cacheable', 'mcpName']) {
      lines.push(`    ${key}: ${literal(e[key])},`);
    }
    const cap = (c) => `{ side: ${literal(c.side)}, path: ${literal(c.path)} }`;
    lines.push(`    capability: ${e.capability ? cap(e.capability) : 'undefined'},`);
    lines.push(`    capabilities: [${e.capabilities.map(cap).join(', ')}],`);
    lines.push(`    revisions: ${literal(e.revisions)},`);
    lines.push('  },');
  }
  lines.push('};');
  lines.push(...renderTables(rev, entries));
  return `${lines.join('\n')}\n`;
}

/**
 * Small tables read from the catalogue, for code that needs one fact of a few methods: importing
 * one of them instead of `catalogue` keeps the whole catalogue out of a bundle (issue 29).
 */
function renderTables(rev, entries) {
  const sent = entries.filter((e) => e.kind === 'request' && e.direction === 'client-to-server');
  const list = (picked) => `[${picked.map((e) => literal(e.method)).join(', ')}]`;
  const named = entries.filter((e) => e.mcpName !== undefined);
  return [
    '',
    `/** The requests of MCP ${rev} whose complete results carry the caching hints \`ttlMs\` and \`cacheScope\` (\`catalogue[m].cacheable\`). */`,
    `export const CACHEABLE_METHODS: readonly MethodName[] = ${list(sent.filter((e) => e.cacheable))};`,
    '',
    `/** The requests of MCP ${rev} that may answer \`input_required\` (\`catalogue[m].inputRequired\`). */`,
    `export const INPUT_REQUIRED_METHODS: readonly MethodName[] = ${list(sent.filter((e) => e.inputRequired))};`,
    '',
    `/** The \`params\` member the \`Mcp-Name\` header mirrors, for each method of MCP ${rev} that has one (\`catalogue[m].mcpName\`). */`,
    `export const MCP_NAME_SOURCES: Readonly<Partial<Record<MethodName, 'name' | 'uri'>>> = {${named.map((e) => ` ${literal(e.method)}: ${literal(e.mcpName)}`).join(',')} };`,
  ];
}
