// Reads the `@mcp*` JSDoc tags of the canonical TypeScript sources with the TypeScript compiler API.
// They carry what the JSON Schema cannot: the result type of a request (`@mcpResult`), where the
// `Mcp-Name` header value comes from (`@mcpName`) and the capability that gates a method
// (`@mcpCapability`).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename } from 'node:path';

const require = createRequire(import.meta.url);
const ts = require('typescript');

/** The tags we understand; any other `@mcp*` tag is an error (a typo would silently drop data). */
export const MCP_TAGS = ['mcpResult', 'mcpName', 'mcpCapability'];

/** Tags that may repeat: a method travelling both ways is gated by one capability per side. */
const REPEATABLE = ['mcpCapability'];

/**
 * Returns `{ [declarationName]: { mcpResult?, mcpName?, mcpCapability?: string[] } }` for every
 * interface or type alias of `files` that carries at least one `@mcp*` tag.
 */
export function readMcpTags(files) {
  const tags = {};
  for (const file of files) {
    const source = ts.createSourceFile(basename(file), readFileSync(file, 'utf8'), ts.ScriptTarget.ES2022, true);
    for (const statement of source.statements) {
      if (!ts.isInterfaceDeclaration(statement) && !ts.isTypeAliasDeclaration(statement)) continue;
      const found = {};
      for (const tag of ts.getJSDocTags(statement)) {
        const name = tag.tagName.text;
        if (!name.startsWith('mcp')) continue;
        if (!MCP_TAGS.includes(name)) throw new Error(`${file}: unknown tag @${name} on ${statement.name.text}`);
        const text = ts.getTextOfJSDocComment(tag.comment)?.trim();
        if (!text) throw new Error(`${file}: @${name} on ${statement.name.text} has no value`);
        if (REPEATABLE.includes(name)) {
          (found[name] ??= []).push(text);
        } else if (found[name]) {
          throw new Error(`${file}: @${name} appears twice on ${statement.name.text}`);
        } else {
          found[name] = text;
        }
      }
      if (Object.keys(found).length > 0) tags[statement.name.text] = found;
    }
  }
  return tags;
}

/** The names of the interfaces and type aliases `files` declare (an extension's own definitions). */
export function declaredTypes(files) {
  const names = [];
  for (const file of files) {
    const source = ts.createSourceFile(basename(file), readFileSync(file, 'utf8'), ts.ScriptTarget.ES2022, true);
    for (const statement of source.statements) {
      if (ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement)) names.push(statement.name.text);
    }
  }
  return names.sort();
}
