import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

/**
 * The names a piece of TypeScript uses without declaring or importing them: what the README's
 * lines take from their surroundings (Docmost's `TokenModule`, Nest's `Module`, …).
 */
export function freeNames(code: string): Set<string> {
  const { used, declared } = namesOf(code);
  return new Set([...used].filter((name) => !declared.has(name)));
}

/** Every name a piece of TypeScript declares or imports, at any depth. */
export function declaredNames(code: string): Set<string> {
  return namesOf(code).declared;
}

function namesOf(code: string): { used: Set<string>; declared: Set<string> } {
  const file = ts.createSourceFile(
    'block.ts',
    code,
    ts.ScriptTarget.Latest,
    true,
  );
  const used = new Set<string>();
  const declared = new Set<string>();
  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node)) {
      const parent = node.parent;
      const isName =
        (ts.isPropertyAccessExpression(parent) && parent.name === node) ||
        (ts.isPropertyAssignment(parent) && parent.name === node) ||
        (ts.isPropertyDeclaration(parent) && parent.name === node) ||
        (ts.isMethodDeclaration(parent) && parent.name === node) ||
        (ts.isQualifiedName(parent) && parent.right === node) ||
        (ts.isPropertySignature(parent) && parent.name === node) ||
        (ts.isBindingElement(parent) && parent.propertyName === node);
      const isDeclaration =
        ((ts.isVariableDeclaration(parent) ||
          ts.isParameter(parent) ||
          ts.isBindingElement(parent) ||
          ts.isClassDeclaration(parent) ||
          ts.isFunctionDeclaration(parent) ||
          ts.isImportSpecifier(parent) ||
          ts.isImportClause(parent)) &&
          parent.name === node) ||
        (ts.isImportSpecifier(parent) && parent.propertyName === node);
      if (isDeclaration) declared.add(node.text);
      else if (!isName) used.add(node.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return { used, declared };
}

function sourceFiles(folder: string, found: string[] = []): string[] {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) sourceFiles(path, found);
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts'))
      found.push(path);
  }
  return found;
}

/**
 * Names the README's lines use that Docmost itself never imports: where they come from. The
 * only names the mount knows by heart; printed like every other import it adds.
 */
const WELL_KNOWN: ReadonlyMap<string, string> = new Map([
  ['Optional', '@nestjs/common'],
  ['Module', '@nestjs/common'],
  ['randomUUID', 'node:crypto'],
]);

/** One import the mount adds for a name its README lines use. */
export interface ResolvedImport {
  readonly name: string;
  readonly from: string;
  /** Why this module: the package's export, or how Docmost's own files import it. */
  readonly because: string;
}

/**
 * Where each name comes from, for a file at `importingFile` in Docmost's server: the package's
 * own export first, else the module Docmost's own files import it from most often (so the
 * glue follows Docmost's layout, whatever its version). Names neither knows are left out:
 * the compiler then says the README line uses a name nothing provides.
 */
export function resolveImports({
  names,
  serverSource,
  importingFile,
  packageExports,
}: {
  readonly names: Iterable<string>;
  /** Docmost's `apps/server/src`. */
  readonly serverSource: string;
  readonly importingFile: string;
  readonly packageExports: ReadonlySet<string>;
}): ResolvedImport[] {
  const wanted = new Set(names);
  const counts = new Map<string, Map<string, number>>();
  const statement =
    /import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+['"]([^'"]+)['"]/g;
  for (const file of sourceFiles(serverSource)) {
    for (const [, list, specifier] of readFileSync(file, 'utf8').matchAll(
      statement,
    )) {
      const target = specifier.startsWith('.')
        ? resolve(dirname(file), specifier)
        : specifier;
      for (const item of list.split(',')) {
        const name = item
          .replace(/^\s*type\s+/, '')
          .split(/\s+as\s+/)[0]
          .trim();
        if (!wanted.has(name) || item.includes(' as ')) continue;
        const byModule = counts.get(name) ?? new Map<string, number>();
        byModule.set(target, (byModule.get(target) ?? 0) + 1);
        counts.set(name, byModule);
      }
    }
  }
  const resolved: ResolvedImport[] = [];
  for (const name of wanted) {
    if (packageExports.has(name)) {
      resolved.push({
        name,
        from: 'docmost-ai-tools',
        because: "the package's export",
      });
      continue;
    }
    const byModule = counts.get(name);
    if (byModule === undefined) {
      const known = WELL_KNOWN.get(name);
      if (known !== undefined)
        resolved.push({
          name,
          from: known,
          because: 'Docmost never imports it',
        });
      continue;
    }
    const [target, uses] = [...byModule].sort((a, b) => b[1] - a[1])[0];
    let from = target;
    if (target.startsWith('/')) {
      from = relative(dirname(importingFile), target);
      if (!from.startsWith('.')) from = `./${from}`;
    }
    resolved.push({
      name,
      from,
      because: `as ${uses} of Docmost's files import it`,
    });
  }
  return resolved.sort(
    (a, b) => a.from.localeCompare(b.from) || a.name.localeCompare(b.name),
  );
}

/** `import { A, B } from 'x';` lines, one per module. */
export function importStatements(imports: readonly ResolvedImport[]): string[] {
  const byModule = new Map<string, string[]>();
  for (const { name, from } of imports)
    byModule.set(from, [...(byModule.get(from) ?? []), name]);
  return [...byModule].map(
    ([from, names]) => `import { ${names.join(', ')} } from '${from}';`,
  );
}
