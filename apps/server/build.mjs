#!/usr/bin/env node
/**
 * `npm run build -w apps/server` [-- --outdir DIR]: compiles the server to JavaScript in `dist/`
 * (or DIR), so production runs `node apps/server/dist/main.js` with no TypeScript tooling.
 *
 * One output file per source file, in the same layout: paths computed from `import.meta.url`
 * (config.ts's repository root, db/client.ts's migrations, seed/cli.ts, the entries of the sheet
 * worker and the database thread) stay right at the same depth. esbuild runs in bundle mode only to see every import (static,
 * re-export, dynamic with a literal): each one is left external, a relative `.ts` specifier
 * rewritten to `.js`. The one package bundled is the workspace's `@steelport/contracts`, whose
 * package.json points at TypeScript sources: it becomes `vendor/steelport-contracts.js`, so
 * development, tests, the web build and type-checking keep reading its sources unchanged.
 * Files the server reads at run time beside its code (the SQL migrations and their journal) are
 * copied; test files, the tsx shims (`sheet-worker.mjs`, `pglite-thread.mjs`) and drizzle-kit's
 * snapshots are not.
 */
import { cpSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import * as esbuild from 'esbuild';

const serverDir = path.dirname(fileURLToPath(import.meta.url));
const srcDir = path.join(serverDir, 'src');
const contractsEntry = path.resolve(serverDir, '../../packages/contracts/src/index.ts');
const CONTRACTS = '@steelport/contracts';
const CONTRACTS_OUT = 'vendor/steelport-contracts.js';
const TARGET = 'node20';

/** Every file under dir, relative to it, with forward slashes. */
function walk(dir, prefix = '') {
  const files = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) files.push(...walk(path.join(dir, entry.name), rel));
    else files.push(rel);
  }
  return files;
}

/** Source files that become code: no tests, no test helpers (vitest's global setups import vitest). */
export function isServerSource(rel) {
  return (
    rel.endsWith('.ts') && !rel.endsWith('.d.ts') && !/\.test\.ts$/.test(rel) && !rel.startsWith('test/')
  );
}

/** Files copied as they are: runtime data beside the code, not sources, docs or the tsx shim. */
export function isRuntimeFile(rel) {
  if (rel.endsWith('.ts') || rel.endsWith('.md') || rel.endsWith('.mjs')) return false;
  // drizzle-kit's snapshots are for `db:generate`; the migrator reads the journal and the SQL.
  return !/\/meta\/\d+_snapshot\.json$/.test(rel);
}

/**
 * The specifier a compiled file imports instead: relative `.ts` becomes `.js`; the contracts
 * package becomes the bundled copy, relative to the importing file (`importerRel`, relative to
 * src); anything else (node builtins, packages) stays.
 */
export function rewriteSpecifier(spec, importerRel) {
  if (spec === CONTRACTS) {
    const fromDir = path.posix.dirname(importerRel);
    const rel = path.posix.relative(fromDir, CONTRACTS_OUT);
    return rel.startsWith('.') ? rel : `./${rel}`;
  }
  if ((spec.startsWith('./') || spec.startsWith('../')) && spec.endsWith('.ts')) {
    return `${spec.slice(0, -3)}.js`;
  }
  return spec;
}

/** esbuild plugin: every import external, rewritten by `rewriteSpecifier`. */
function externalImports() {
  return {
    name: 'external-imports',
    setup(build) {
      build.onResolve({ filter: /.*/ }, (args) => {
        if (args.kind === 'entry-point') return undefined;
        const importerRel = path.relative(srcDir, args.importer).split(path.sep).join('/');
        if (importerRel.startsWith('..')) throw new Error(`unexpected importer ${args.importer}`);
        return { path: rewriteSpecifier(args.path, importerRel), external: true };
      });
    },
  };
}

/** Builds the server into outdir (default apps/server/dist), emptied first. */
export async function buildServer({ outdir = path.join(serverDir, 'dist'), quiet = false } = {}) {
  const started = Date.now();
  rmSync(outdir, { recursive: true, force: true });
  mkdirSync(outdir, { recursive: true });
  const files = walk(srcDir);
  const sources = files.filter(isServerSource);
  const common = {
    platform: 'node',
    format: 'esm',
    target: TARGET,
    sourcemap: true,
    charset: 'utf8',
    logLevel: 'warning',
  };
  await Promise.all([
    esbuild.build({
      ...common,
      entryPoints: sources.map((rel) => path.join(srcDir, rel)),
      outdir,
      outbase: srcDir,
      bundle: true,
      plugins: [externalImports()],
    }),
    // The contracts package in one file; its own dependencies (typebox) stay packages.
    esbuild.build({
      ...common,
      entryPoints: [contractsEntry],
      outfile: path.join(outdir, CONTRACTS_OUT),
      bundle: true,
      packages: 'external',
    }),
  ]);
  const copied = files.filter(isRuntimeFile);
  for (const rel of copied) {
    const to = path.join(outdir, rel);
    mkdirSync(path.dirname(to), { recursive: true });
    cpSync(path.join(srcDir, rel), to);
  }
  if (!quiet) {
    process.stdout.write(
      `server built into ${path.relative(process.cwd(), outdir) || '.'}: ${sources.length} modules, ` +
        `${copied.length} runtime files (${Date.now() - started} ms)\n`,
    );
  }
  return { sources, copied };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: { outdir: { type: 'string' } } });
  await buildServer(values.outdir ? { outdir: path.resolve(values.outdir) } : {});
}
