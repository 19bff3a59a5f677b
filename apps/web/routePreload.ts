/**
 * Build plugin: the screen's own code starts loading with the app's, not after it.
 *
 * Pages are lazy chunks (router.tsx), so a first visit used to fetch them only once the entry
 * had loaded and run — a second round of downloads before anything of the screen could show.
 * This writes `route-chunks.json` beside index.html: for each screen's URL segment (the first
 * segment of its path; `home` for `/`), the scripts and stylesheets that screen needs beyond the
 * entry's. Folders are named by domain and URLs keep their old names (`/beginMain` is
 * `pages/quotations`): src/routes/pageFolders.ts says which folder serves which segment.
 * The server (apps/server/src/plugins/web.ts) puts them into the shell it answers for that path
 * as `modulepreload` and `preload` links, so the browser fetches them together with the entry,
 * from the first parse of the page, with no script of ours having to run first.
 */
import type { OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';
// By path, not the package name: Vite loads its config with Node, which leaves bare imports to
// Node, and Node cannot run the contracts' TypeScript sources; a relative file it bundles.
import { ROUTE_CHUNKS_FILE, type RouteChunks } from '../../packages/contracts/src/shell.ts';
import { urlSegmentOf } from './src/routes/pageFolders.ts';

/** A screen's entry, `pages/<folder>/index.tsx`; the folder may be nested (`vip/open`). */
const PAGE_ENTRY = /\/src\/pages\/(.+)\/index\.tsx$/;
/**
 * A signed-in area's route table, `routes/<segment>.tsx` (`account`, `admin`), which joins the
 * router on navigation (router.tsx#createAppRouter): a page opened in that area waits for it
 * before its screen's chunk is even asked for, so it is listed with the area's screens.
 */
const AREA_TABLE = /\/src\/routes\/([\w-]+)\.tsx$/;

/** The chunk files `start` needs: itself and every chunk it imports statically, transitively. */
function closure(start: OutputChunk, chunks: Map<string, OutputChunk>): OutputChunk[] {
  const seen = new Map<string, OutputChunk>();
  const visit = (chunk: OutputChunk) => {
    if (seen.has(chunk.fileName)) return;
    seen.set(chunk.fileName, chunk);
    for (const file of chunk.imports) {
      const imported = chunks.get(file);
      if (imported) visit(imported);
    }
  };
  visit(start);
  return [...seen.values()];
}

/** The stylesheets Vite extracted for these chunks. */
function stylesOf(chunks: OutputChunk[]): string[] {
  return chunks.flatMap((chunk) => [...(chunk.viteMetadata?.importedCss ?? [])]);
}

/** URL segment -> its screen's files beyond the entry's. */
function routeFiles(bundle: OutputBundle): RouteChunks {
  const chunks = new Map<string, OutputChunk>();
  for (const output of Object.values(bundle)) {
    if (output.type === 'chunk') chunks.set(output.fileName, output);
  }
  const entry = [...chunks.values()].find((chunk) => chunk.isEntry);
  if (!entry) return {};
  const initial = closure(entry, chunks);
  const initialScripts = new Set(initial.map((chunk) => chunk.fileName));
  const initialStyles = new Set(stylesOf(initial));
  const routes: RouteChunks = {};
  for (const chunk of chunks.values()) {
    const folder = chunk.isDynamicEntry ? PAGE_ENTRY.exec(chunk.facadeModuleId ?? '')?.[1] : undefined;
    const page = folder === undefined ? undefined : urlSegmentOf(folder);
    if (!page) continue;
    const own = closure(chunk, chunks).filter((c) => !initialScripts.has(c.fileName));
    routes[page] = {
      scripts: own.map((c) => c.fileName),
      styles: [...new Set(stylesOf(own))].filter((file) => !initialStyles.has(file)),
    };
  }
  for (const chunk of chunks.values()) {
    const area = chunk.isDynamicEntry ? AREA_TABLE.exec(chunk.facadeModuleId ?? '')?.[1] : undefined;
    if (!area) continue;
    const own = closure(chunk, chunks).filter((c) => !initialScripts.has(c.fileName));
    const screens = routes[area] ?? { scripts: [], styles: [] };
    routes[area] = {
      scripts: [...new Set([...own.map((c) => c.fileName), ...screens.scripts])],
      styles: [...new Set([...stylesOf(own).filter((file) => !initialStyles.has(file)), ...screens.styles])],
    };
  }
  return routes;
}

/** The plugin; only the production build has chunks to announce. */
export function routePreload(): Plugin {
  return {
    name: 'steelport:route-preload',
    apply: 'build',
    generateBundle: {
      // After Vite's own pass, which drops the chunks that only imported CSS (their stylesheets
      // move to the importer): listed, they would be fetched and answer 404.
      order: 'post',
      handler(_options, bundle) {
        this.emitFile({
          type: 'asset',
          fileName: ROUTE_CHUNKS_FILE,
          source: JSON.stringify(routeFiles(bundle)),
        });
      },
    },
  };
}
