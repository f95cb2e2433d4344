import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';
import { basePath } from './base-path.ts';

const base = basePath();

export default defineConfig({
  base: base === '/' ? '/' : `${base}/`,
  plugins: [reactRouter()],
  css: { modules: { localsConvention: 'camelCaseOnly' } },
  build: { assetsInlineLimit: 0 },
  server: { port: 3150 },
});
