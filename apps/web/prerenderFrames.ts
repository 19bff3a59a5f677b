/**
 * Build plugin: the portal's frame (header, menu, footer and the page's placeholder) as HTML per
 * public screen, written as `frames.json` beside index.html. The server puts the frame of the
 * requested path into the shell's `#root` (apps/server/src/plugins/web.ts), so a first visit
 * paints the page's frame from the HTML, before its scripts have loaded and run; the app's first
 * render replaces it.
 *
 * After the browser build, a second build of `src/prerender.tsx` for Node (everything bundled,
 * React in production mode) runs in a scratch folder; its `renderFrames` renders each screen
 * with React's server renderer. Nothing of it ships to the browser.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, type Plugin, type ResolvedConfig } from 'vite';
// By path, not the package name: Vite loads its config with Node, which cannot run the
// contracts' TypeScript sources through a bare import (see routePreload.ts).
import { FRAMES_FILE, type Frames } from '../../packages/contracts/src/shell.ts';

/** Builds prerender.tsx for Node into `outDir` and returns its frames. */
async function renderFrames(root: string, outDir: string): Promise<Frames> {
  await build({
    configFile: false,
    root,
    logLevel: 'warn',
    plugins: [react()],
    // antd and its helpers are not Node modules as published (directory imports): bundle all.
    ssr: { noExternal: true },
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    build: {
      ssr: 'src/prerender.tsx',
      outDir,
      emptyOutDir: true,
      minify: false,
      copyPublicDir: false,
      rolldownOptions: { output: { codeSplitting: false } },
    },
  });
  const module = (await import(pathToFileURL(path.join(outDir, 'prerender.js')).href)) as {
    renderFrames: () => Promise<Frames>;
  };
  return module.renderFrames();
}

/** The plugin; the browser build only (the Node build it starts has no config file). */
export function prerenderFrames(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'steelport:prerender-frames',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      if (config.build.ssr) return;
      const scratch = await mkdtemp(path.join(tmpdir(), 'steelport-frames-'));
      try {
        const frames = await renderFrames(config.root, scratch);
        const outDir = path.resolve(config.root, config.build.outDir);
        await writeFile(path.join(outDir, FRAMES_FILE), JSON.stringify(frames));
      } finally {
        await rm(scratch, { recursive: true, force: true });
      }
    },
  };
}
