import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';
import { basePath } from './base-path.ts';

const base = basePath();

export default defineConfig(({ isSsrBuild }) => ({
  base: base === '/' ? '/' : `${base}/`,
  plugins: [reactRouter()],
  css: { modules: { localsConvention: 'camelCaseOnly' } },
  build: {
    assetsInlineLimit: 0,
    // One stylesheet for every page of the browser's build, fetched once and cached (decision 026).
    rollupOptions: isSsrBuild ? {} : { output: { manualChunks: (id: string) => (id.endsWith('.css') ? 'styles' : undefined) } },
  },
  server: { port: 3150 },
}));
