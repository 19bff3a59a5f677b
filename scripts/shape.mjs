#!/usr/bin/env node
/**
 * `node scripts/shape.mjs`: the codebase's shape, checked in `npm test` (CONTRIBUTING.md, "The
 * shape of the code"). It fails when
 *  - a server module imports another module's repository (`modules/<a>/…` importing
 *    `modules/<b>/repo.ts` or `modules/<b>/repo/…`): a module's repo is its own, and others go
 *    through that module's service;
 *  - a table is written (insert, update, delete) by more than one module: its owner writes it,
 *    others call the owner's service (SHARED_WRITES names the exceptions and why);
 *  - a source file (not a test) is longer than FILE_LIMIT lines;
 *  - a web function (a component or a hook) is longer than FUNCTION_LIMIT lines;
 *  - a comment (or a Markdown file) names a file that is not in the repo, or a `#part` of it
 *    that the file does not hold: `docs/api.md#envelope`, `search/repo/lots.ts#lotConditions`.
 * It prints the ten longest files and web functions either way.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

export const FILE_LIMIT = 450;
export const FUNCTION_LIMIT = 250;

const root = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
const SOURCE_ROOTS = [
  'apps/server/src',
  'apps/web/src',
  'packages/contracts/src',
  'scripts',
  'bench',
  'deploy',
];
const SOURCE = /\.(ts|tsx|mjs|js)$/;

/** Tests and their support: the limits are for what ships and what runs the project. */
export function isTest(file) {
  return /\.(test|spec)\.[cm]?[jt]sx?$/.test(file) || /(^|\/)(test|e2e)\//.test(file);
}

/** The module a server file belongs to (`apps/server/src/modules/<name>/…`), else null. */
function moduleOf(file) {
  return /apps\/server\/src\/modules\/([^/]+)\//.exec(file)?.[1] ?? null;
}

/** Relative imports of a file's text: `import … from '…'`, `export … from '…'`, `import('…')`. */
export function importsOf(text) {
  const specifiers = [];
  for (const m of text.matchAll(/(?:from|import)\s*\(?\s*'(\.[^']+)'/g)) specifiers.push(m[1]);
  return specifiers;
}

/**
 * Imports of another module's repository by a module's file (tests may arrange rows directly).
 * `files` maps a repo-relative path to its text.
 */
export function crossModuleRepoImports(files) {
  const found = [];
  for (const [file, text] of files) {
    const own = moduleOf(file);
    if (!own || isTest(file)) continue;
    for (const spec of importsOf(text)) {
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), spec));
      const other = moduleOf(target);
      if (!other || other === own) continue;
      if (/\/modules\/[^/]+\/repo(\.ts|\/)/.test(target)) found.push(`${file} imports ${target}`);
    }
  }
  return found;
}

/**
 * Where a table may be written by a second module, and why. Everything else is written by one
 * module's repo only (its owner); others call the owner's service.
 */
export const SHARED_WRITES = {
  users: { beans: "the balance column, users.beans, is the bean ledger's (beans/service.ts#moveBeans)" },
};

/** Functions that choose a table at run time, and the tables they may answer. */
export const TABLE_CHOOSERS = { lotTable: ['cargo', 'surplus'] };

/** The tables of the schema files: the variable's name -> the table's name. */
export function tablesOf(schemaFiles) {
  const tables = new Map();
  for (const [, text] of schemaFiles)
    for (const m of text.matchAll(/export const (\w+) = pgTable\(\s*'(\w+)'/g)) tables.set(m[1], m[2]);
  return tables;
}

/**
 * Tables that modules other than one owner write (insert, update, delete through Drizzle or in
 * `sql`, the table named or a file's short name for it), beyond SHARED_WRITES. A table chosen at
 * run time (`db.update(lotTable(kind))`) is not seen: name the table where you can.
 */
export function sharedWrites(files, tables) {
  const writers = new Map();
  for (const [file, text] of files) {
    const own = moduleOf(file);
    if (!own || isTest(file)) continue;
    const written = [
      ...[...text.matchAll(/\.(?:insert|update|delete)\((\w+)\)/g)].map((m) => m[1]),
      ...[...text.matchAll(/\b(?:insert into|update|delete from)\s+\$\{(\w+)\}/gi)].map((m) => m[1]),
    ];
    // A file's short names for a table: `const q = quotations;`, `alias(users, 'operator')`,
    // `const t = lotTable(kind)` (either table a chooser may answer).
    const aliases = new Map();
    for (const m of text.matchAll(/\bconst (\w+) = (?:alias\()?(\w+)\s*[;,)]/g))
      if (tables.has(m[2])) aliases.set(m[1], [tables.get(m[2])]);
    for (const m of text.matchAll(/\bconst (\w+)(?::[^=]+)? = (\w+)\(/g))
      if (TABLE_CHOOSERS[m[2]]) aliases.set(m[1], TABLE_CHOOSERS[m[2]]);
    for (const m of text.matchAll(/\.(?:insert|update|delete)\((\w+)\(/g))
      if (TABLE_CHOOSERS[m[1]]) written.push(`${m[1]}()`);
    for (const name of written) {
      const chosen = name.endsWith('()') ? TABLE_CHOOSERS[name.slice(0, -2)] : undefined;
      for (const table of chosen ?? aliases.get(name) ?? [tables.get(name)]) {
        if (!table) continue;
        if (!writers.has(table)) writers.set(table, new Map());
        const byModule = writers.get(table);
        if (!byModule.has(own)) byModule.set(own, new Set());
        byModule.get(own).add(file.replace(/^apps\/server\/src\/modules\//, ''));
      }
    }
  }
  const found = [];
  for (const [table, byModule] of writers) {
    const modules = [...byModule.keys()].filter((m) => !SHARED_WRITES[table]?.[m]);
    if (modules.length > 1)
      found.push(`${table} by ${modules.map((m) => [...byModule.get(m)].join(', ')).join('; ')}`);
  }
  return found.sort();
}

/** Named functions of a .ts/.tsx source with their line counts (declarations and `const X = () =>`). */
export function functionLengths(file, text) {
  const source = ts.createSourceFile(
    file,
    text,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const out = [];
  const lines = (node) =>
    source.getLineAndCharacterOfPosition(node.getEnd()).line -
    source.getLineAndCharacterOfPosition(node.getStart(source)).line +
    1;
  const visit = (node) => {
    if (ts.isFunctionDeclaration(node) && node.name) out.push({ name: node.name.text, lines: lines(node) });
    else if (
      ts.isVariableDeclaration(node) &&
      ts.isIdentifier(node.name) &&
      node.initializer &&
      (ts.isArrowFunction(node.initializer) || ts.isFunctionExpression(node.initializer))
    )
      out.push({ name: node.name.text, lines: lines(node.initializer) });
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

/** The comments of a source file (line and block comments); a Markdown file is all text. */
export function commentsOf(file, text) {
  if (file.endsWith('.md')) return text;
  const parts = [];
  for (const m of text.matchAll(/\/\*[\s\S]*?\*\/|(?<![:'"`\\])\/\/[^\n]*/g)) parts.push(m[0]);
  return parts.join('\n');
}

/** GitHub's anchor of a Markdown heading: lower case, punctuation dropped, spaces as hyphens. */
export function headingAnchor(heading) {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** Whether a file's text holds what `#anchor` names: a Markdown heading, else a code identifier. */
export function holdsAnchor(name, text, anchor) {
  if (name.endsWith('.md'))
    return [...text.matchAll(/^#{1,6}\s+(.+)$/gm)].some((m) => headingAnchor(m[1]) === anchor);
  return new RegExp(`\\b${anchor}\\b`).test(text);
}

/**
 * Files a comment names (`docs/api.md#envelope`, `search/repo/lots.ts#lotConditions`,
 * `CONTRIBUTING.md`) that the repo does not hold, or whose `#anchor` (a heading, an identifier)
 * the file does not hold. `resolve(file, name)` gives the repo files a name may mean (a
 * dependency's file as null: there, anything goes); `read(path)` their text.
 */
export function missingFiles(files, resolve, read) {
  const found = [];
  for (const [file, text] of files) {
    for (const m of commentsOf(file, text).matchAll(
      /(?<![\w./@-])((?:[\w.-]+\/)*[\w-]+\.(?:md|tsx?|mjs|css))(?:#([\w-]+))?(?![\w/-])/g,
    )) {
      const [, name, anchor] = m;
      const targets = resolve(file, name);
      if (targets.length === 0) found.push(`${file} cites ${name}`);
      else if (anchor && !targets.some((t) => t === null || holdsAnchor(name, read(t), anchor)))
        found.push(`${file} cites ${name}#${anchor}`);
    }
    // The specification this repo grew from lives outside it; docs/ retells its sections.
    for (const m of commentsOf(file, text).matchAll(/\b(PORTAL|DESIGN|STYLE) ?§ ?\d+/g))
      found.push(`${file} cites ${m[0]}, which is outside the repo`);
  }
  return [...new Set(found)];
}

/** Every file of the repo (not dependencies, builds, data or dot folders), as repo paths. */
function repoFiles() {
  const out = [];
  const walk = (d) => {
    for (const entry of readdirSync(path.join(root, d), { withFileTypes: true })) {
      if (['node_modules', 'dist', 'data'].includes(entry.name) || entry.name.startsWith('.')) continue;
      const rel = d ? `${d}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(rel);
      else out.push(rel);
    }
  };
  walk('');
  return out;
}

function main() {
  const all = repoFiles();
  const files = new Map();
  for (const f of all)
    if (SOURCE_ROOTS.some((r) => f.startsWith(`${r}/`)) && SOURCE.test(f))
      files.set(f, readFileSync(path.join(root, f), 'utf8'));
  const held = new Set(all);
  // A cited name resolves from the repo root, the citing file's folder or a package's root or
  // src/, as the end of a path (`search/repo/lots.ts`, a bare `present.ts`), or in a dependency
  // (`antd/dist/antd.css`).
  const resolve = (file, name) => {
    const near = path.posix.normalize(path.posix.join(path.posix.dirname(file), name));
    if (held.has(name)) return [name];
    if (held.has(near)) return [near];
    const ends = all.filter((f) => f.endsWith(`/${name}`));
    if (ends.length > 0) return ends;
    return existsSync(path.join(root, 'node_modules', name)) ? [null] : [];
  };
  const texts = new Map();
  const read = (f) => {
    if (!texts.has(f)) texts.set(f, files.get(f) ?? readFileSync(path.join(root, f), 'utf8'));
    return texts.get(f);
  };

  const problems = [];
  for (const line of crossModuleRepoImports(files)) problems.push(`cross-module repo import: ${line}`);
  const schema = [...files].filter(([f]) => f.startsWith('apps/server/src/db/schema/'));
  for (const line of sharedWrites(files, tablesOf(schema)))
    problems.push(`a table written by more than one module: ${line}`);

  const sources = [...files.keys()].filter((f) => !isTest(f));
  const fileLengths = sources
    .map((f) => ({ name: f, lines: files.get(f).split('\n').length - (files.get(f).endsWith('\n') ? 1 : 0) }))
    .sort((a, b) => b.lines - a.lines);
  for (const f of fileLengths)
    if (f.lines > FILE_LIMIT) problems.push(`file over ${FILE_LIMIT} lines: ${f.name} (${f.lines})`);

  const webFunctions = sources
    .filter((f) => f.startsWith('apps/web/src/') && /\.tsx?$/.test(f))
    .flatMap((f) =>
      functionLengths(f, files.get(f)).map((fn) => ({ name: `${f}#${fn.name}`, lines: fn.lines })),
    )
    .sort((a, b) => b.lines - a.lines);
  for (const fn of webFunctions)
    if (fn.lines > FUNCTION_LIMIT)
      problems.push(`web function over ${FUNCTION_LIMIT} lines: ${fn.name} (${fn.lines})`);

  const cited = [...files].filter(([f]) => !f.startsWith('scripts/shape'));
  for (const f of all) if (f.endsWith('.md')) cited.push([f, readFileSync(path.join(root, f), 'utf8')]);
  for (const line of missingFiles(cited, resolve, read))
    problems.push(`comment names a file the repo does not hold: ${line}`);

  console.log(`longest source files (limit ${FILE_LIMIT})`);
  for (const f of fileLengths.slice(0, 10)) console.log(`${String(f.lines).padStart(6)}  ${f.name}`);
  console.log(`longest web functions (limit ${FUNCTION_LIMIT})`);
  for (const fn of webFunctions.slice(0, 10)) console.log(`${String(fn.lines).padStart(6)}  ${fn.name}`);
  if (problems.length > 0) {
    console.log(`\n${problems.length} problem(s):`);
    for (const p of problems) console.log(`  ${p}`);
    process.exitCode = 1;
  } else console.log('\nshape: ok');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
