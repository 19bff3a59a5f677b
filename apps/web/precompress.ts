/**
 * Build plugin: every script, stylesheet and SVG of the build is also written compressed, as
 * `x.js.br` (brotli, best quality) and `x.js.gz` (gzip, best level), and the server sends those
 * as they are (apps/server/src/plugins/web.ts, `preCompressed`).
 *
 * Compressing on each request cost the server 15–25 ms of CPU per large file at a fast, weak
 * level: a first visit fetches about a hundred files, which kept a 2-core machine busy for a
 * second while the browser waited. Done once here, at the best levels, the files are also
 * smaller (brotli 11 against the on-the-fly gzip 6).
 */
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|css|svg|json)$/;
/** Below this a compressed copy saves nothing worth a file: the server's own threshold. */
const MIN_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else yield full;
  }
}

/** Writes the .br and .gz copies of one file, when compression makes it smaller. */
async function compressFile(file: string): Promise<void> {
  const source = await readFile(file);
  const [br, gz] = await Promise.all([
    brotli(source, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
      },
    }),
    gzipAsync(source, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  if (br.length < source.length) await writeFile(`${file}.br`, br);
  if (gz.length < source.length) await writeFile(`${file}.gz`, gz);
}

/** The plugin: after the build has written its files, next to them. */
export function precompress(): Plugin {
  return {
    name: 'steelport:precompress',
    apply: 'build',
    async writeBundle(options) {
      const outDir = options.dir;
      if (!outDir) return;
      const jobs: Promise<void>[] = [];
      for await (const file of filesUnder(outDir)) {
        if (!COMPRESSIBLE.test(file) || (await stat(file)).size < MIN_BYTES) continue;
        jobs.push(compressFile(file));
      }
      await Promise.all(jobs);
    },
  };
}
