import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The API process; `STEELPORT_API` points the dev server at another one. */
const apiTarget = process.env.STEELPORT_API ?? 'http://127.0.0.1:3000';

// Regex keys: a plain '/ma' prefix would also swallow portal routes such as /market pages.
const proxy = {
  '^/api/': apiTarget,
  '^/ma/': apiTarget,
  '^/healthz': apiTarget,
};

// Vendor code changes far less often than ours: separate chunks keep the entry small and let
// browsers keep React and antd cached across releases.
const vendorGroups = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/, priority: 30 },
  { name: 'echarts', test: /node_modules[\\/](echarts|zrender)[\\/]/, priority: 30 },
  {
    name: 'antd',
    test: /node_modules[\\/](antd|@ant-design|@rc-component|rc-[\w-]+|@emotion|stylis|dayjs)[\\/]/,
    priority: 20,
  },
  { name: 'vendor', test: /node_modules[\\/]/, priority: 10 },
];

export default defineConfig({
  plugins: [react()],
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
