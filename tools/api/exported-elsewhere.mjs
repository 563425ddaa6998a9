// Which "forgotten" types another entry of the same package exports. API Extractor reads one entry
// at a time, so a type that `@mcpkit/schema/tasks` uses and `@mcpkit/schema` exports (one
// declaration, in a chunk both entries' .d.ts import) is reported as forgotten by the tasks entry,
// though a user names it with `import type { Role } from '@mcpkit/schema'`. Such a warning is
// rewritten into a note naming the entry that exports it; a type no entry exports keeps its warning,
// and `pnpm test` fails on it (reports.test.ts): every type of the public API must be nameable.
import { dirname, join } from 'node:path';
import ts from 'typescript';

/** A declaration's key: the declaration file and the local name it has there. */
const keyOf = (fileName, name) => `${fileName}\u0000${name}`;

/** Map of declaration key → the entries exporting it, as `@pkg/subpath` (the export name if it differs). */
function exportIndex(program, entries) {
  const checker = program.getTypeChecker();
  const index = new Map();
  for (const entry of entries) {
    const source = program.getSourceFile(join(entry.root, entry.dts));
    const module = source && checker.getSymbolAtLocation(source);
    if (!module) continue;
    const where = `${entry.pkg}${entry.subpath === '.' ? '' : entry.subpath.slice(1)}`;
    for (const exported of checker.getExportsOfModule(module)) {
      const target = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
      for (const declaration of target.declarations ?? []) {
        const key = keyOf(declaration.getSourceFile().fileName, target.name);
        const label = exported.name === target.name ? where : `${where} (as ${exported.name})`;
        index.set(key, [...(index.get(key) ?? []), label]);
      }
    }
  }
  return index;
}

/** The declaration files `fileName` imports, transitively (relative imports only: one package). */
function reachableFiles(program, fileName) {
  const seen = new Set();
  const queue = [fileName];
  while (queue.length > 0) {
    const file = queue.pop();
    if (seen.has(file)) continue;
    seen.add(file);
    const source = program.getSourceFile(file);
    if (!source) continue;
    for (const statement of source.statements) {
      const spec = (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) && statement.moduleSpecifier;
      if (!spec || !ts.isStringLiteral(spec) || !spec.text.startsWith('.')) continue;
      const base = join(dirname(file), spec.text);
      for (const candidate of [base.replace(/\.c?js$/, (ext) => (ext === '.cjs' ? '.d.cts' : '.d.ts')), `${base}.d.ts`, join(base, 'index.d.ts')]) {
        if (program.getSourceFile(candidate)) {
          queue.push(candidate);
          break;
        }
      }
    }
  }
  return seen;
}

/** Top-level names a declaration file declares (exported from it or not). */
function declaredNames(source) {
  const names = new Set();
  for (const statement of source.statements) {
    if (ts.isVariableStatement(statement)) for (const d of statement.declarationList.declarations) ts.isIdentifier(d.name) && names.add(d.name.text);
    else if (statement.name && ts.isIdentifier(statement.name)) names.add(statement.name.text);
  }
  return names;
}

// At a use: `// Warning: (ae-forgotten-export) …`; in the closing list (types reached only through
// another forgotten type): `// <file>.d.ts:<line>:<col> - (ae-forgotten-export) …`.
const FORGOTTEN = /^(\s*)\/\/ (Warning: |\S+\.d\.ts:\d+:\d+ - )\(ae-forgotten-export\) The symbol "([\w$]+)" needs to be exported by the entry point \S+$/;
const CLOSING = '// Warnings were encountered during analysis:';

/**
 * Returns `rewrite(entry, reportText)`: the report with each forgotten-export warning at a use
 * whose type another entry of the package exports replaced by `// "<name>" is exported by <entry>`
 * (the shortest such entry), and such lines of the closing list dropped (with the list's heading
 * once it is empty).
 */
export function exportedElsewhere(program, entries) {
  const index = exportIndex(program, entries);
  return (entry, text) => {
    const files = [...reachableFiles(program, join(entry.root, entry.dts))];
    const names = new Map(files.map((f) => [f, declaredNames(program.getSourceFile(f))]));
    const ownLabel = `${entry.pkg}${entry.subpath === '.' ? '' : entry.subpath.slice(1)}`;
    /** The entry that exports the type printed as `printed`, and its own name, if any. */
    const exporterOf = (printed) => {
      // API Extractor suffixes a name that collides with another in the entry (`Request_2`).
      const local = [printed, printed.replace(/_\d+$/, '')].find((n) => files.some((f) => names.get(f).has(n)));
      const declaredIn = local ? files.filter((f) => names.get(f).has(local)) : [];
      if (declaredIn.length !== 1) return undefined;
      const exporters = (index.get(keyOf(declaredIn[0], local)) ?? []).filter((label) => label !== ownLabel && !label.startsWith(`${ownLabel} (`));
      const shortest = exporters.sort((a, b) => a.length - b.length || (a < b ? -1 : 1))[0];
      return shortest && { label: shortest, local };
    };
    const lines = [];
    for (const line of text.replace(/\r\n/g, '\n').split('\n')) {
      const warning = FORGOTTEN.exec(line);
      const found = warning && exporterOf(warning[3]);
      if (!found) lines.push(line);
      else if (warning[2] === 'Warning: ') {
        const alias = found.local === warning[3] ? '' : ` (its own name: ${found.local})`;
        lines.push(`${warning[1]}// "${warning[3]}"${alias} is exported by ${found.label}`);
      }
    }
    const heading = lines.indexOf(CLOSING);
    if (heading >= 0 && !lines.slice(heading + 1).some((l) => FORGOTTEN.test(l) || /^\/\/ \S+\.d\.ts:\d+:\d+ - /.test(l))) {
      lines.splice(heading, lines[heading + 1] === '//' ? 2 : 1);
    }
    return lines.join('\n');
  };
}
