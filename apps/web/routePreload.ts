/**
 * Build plugin: the screen's own code starts loading with the app's, not after it.
 *
 * Pages are lazy chunks (router.tsx), so a first visit used to fetch them only once the entry
 * had loaded and run — a second round of downloads before anything of the screen could show.
 * This writes into index.html, as data, which chunks each screen needs beyond the entry's
 * (`<script type="application/json" id="sp-route-chunks">`: the page folder, which is the
 * first segment of its path, to its files), and loads public/route-preload.js, which adds a
 * `modulepreload` link for the current screen's files while the entry downloads. Data and an
 * external script, because the Content-Security-Policy allows no inline script; a small
 * blocking one, which costs nothing here: the page paints only once the entry has run.
 */
import type { OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';

const PAGE_ENTRY = /\/src\/pages\/([^/]+)\/index\.tsx$/;

/** The chunk files `start` needs: itself and every chunk it imports statically, transitively. */
function closure(start: OutputChunk, chunks: Map<string, OutputChunk>): Set<string> {
  const files = new Set<string>();
  const visit = (chunk: OutputChunk) => {
    if (files.has(chunk.fileName)) return;
    files.add(chunk.fileName);
    for (const file of chunk.imports) {
      const imported = chunks.get(file);
      if (imported) visit(imported);
    }
  };
  visit(start);
  return files;
}

/** The plugin; only the production build has chunks to announce. */
export function routePreload(): Plugin {
  return {
    name: 'steelport:route-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!ctx.bundle) return html;
        const chunks = new Map<string, OutputChunk>();
        for (const output of Object.values(ctx.bundle)) {
          if (output.type === 'chunk') chunks.set(output.fileName, output);
        }
        const entry = [...chunks.values()].find((chunk) => chunk.isEntry);
        if (!entry) return html;
        const initial = closure(entry, chunks);
        const routes: Record<string, string[]> = {};
        for (const chunk of chunks.values()) {
          const page = chunk.isDynamicEntry ? PAGE_ENTRY.exec(chunk.facadeModuleId ?? '')?.[1] : undefined;
          if (!page) continue;
          routes[page] = [...closure(chunk, chunks)].filter((file) => !initial.has(file));
        }
        return {
          html,
          tags: [
            {
              tag: 'script',
              attrs: { type: 'application/json', id: 'sp-route-chunks' },
              children: JSON.stringify(routes),
              injectTo: 'head',
            },
            // Not async: an async script is fetched late, at low priority, behind the entry's files.
            { tag: 'script', attrs: { src: '/route-preload.js' }, injectTo: 'head' },
          ],
        };
      },
    },
  };
}
