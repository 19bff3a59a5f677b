import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { routePreload } from './routePreload.ts';

/** The API process; `STEELPORT_API` points the dev server at another one. */
const apiTarget = process.env.STEELPORT_API ?? 'http://127.0.0.1:3000';

// Regex keys: a plain '/ma' prefix would also swallow portal routes such as /market pages.
const proxy = {
  '^/api/': apiTarget,
  '^/ma/': apiTarget,
  '^/healthz': apiTarget,
};

// Vendor code changes far less often than ours: React, ECharts (lazy) and the small libraries
// every page needs get chunks of their own that browsers keep across releases. antd is left to
// the bundler on purpose: one antd chunk made every page load every component any page uses
// (485 kB gzip before the first paint); split by use, the first page needs 305 kB.
const vendorGroups = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/, priority: 30 },
  { name: 'echarts', test: /node_modules[\\/](echarts|zrender)[\\/]/, priority: 30 },
  { name: 'vendor', test: /node_modules[\\/](axios|i18next|react-i18next|@tanstack)[\\/]/, priority: 10 },
];

export default defineConfig({
  plugins: [react(), routePreload()],
  server: { proxy },
  preview: { proxy },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    rolldownOptions: {
      output: { codeSplitting: { groups: vendorGroups } },
    },
  },
});
