import fs from 'node:fs';
import ts from 'typescript';

/** One import or re-export found in a source file. */
export interface ImportEdge {
  specifier: string;
  /** True for `import type` / `export type`: erased at run time, so it cannot form a runtime cycle. */
  typeOnly: boolean;
  line: number;
}

/** Lists the static imports, re-exports, dynamic `import()` and `require()` calls of a file. */
export function readImports(file: string): ImportEdge[] {
  const text = fs.readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
  const edges: ImportEdge[] = [];
  const add = (node: ts.Node, specifier: ts.Expression | undefined, typeOnly: boolean) => {
    if (!specifier || !ts.isStringLiteralLike(specifier)) return;
    const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
    edges.push({ specifier: specifier.text, typeOnly, line });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node)) {
      const clause = node.importClause;
      const allTypes =
        !!clause &&
        (clause.isTypeOnly ||
          (!clause.name &&
            !!clause.namedBindings &&
            ts.isNamedImports(clause.namedBindings) &&
            clause.namedBindings.elements.length > 0 &&
            clause.namedBindings.elements.every((e) => e.isTypeOnly)));
      add(node, node.moduleSpecifier, allTypes);
    } else if (ts.isExportDeclaration(node)) {
      add(node, node.moduleSpecifier, node.isTypeOnly);
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
      add(node, node.moduleReference.expression, node.isTypeOnly);
    } else if (ts.isCallExpression(node)) {
      const isDynamicImport = node.expression.kind === ts.SyntaxKind.ImportKeyword;
      const isRequire = ts.isIdentifier(node.expression) && node.expression.text === 'require';
      if (isDynamicImport || isRequire) add(node, node.arguments[0], false);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      add(node, node.argument.literal as ts.Expression, true);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return edges;
}

/** Splits `@mcpkit/name/sub/path` into the package folder name and the subpath (`.` for the root). */
export function parseWorkspaceSpecifier(specifier: string): { pkg: string; subpath: string } | undefined {
  const m = /^@mcpkit\/([^/]+)(\/.*)?$/.exec(specifier);
  if (!m) return undefined;
  return { pkg: m[1]!, subpath: m[2] ? `.${m[2]}` : '.' };
}
