import { join } from 'node:path';
import type { Config } from '@react-router/dev/config';
import { basePath } from './base-path.ts';
import { precompress } from './scripts/precompress.ts';

// The base path is fixed at build time (Vite's base and the catalog's prefix in routes.ts); `npm start`
// rebuilds when it changes. The basename is '/' so that the portal's pages outside the catalog
// (/app/app-minha-cnh, ...) are routes of the same app (docs/decisions/004-portal-pages-outside-the-catalog.md).
const base = basePath();

export default {
  appDirectory: 'app',
  buildDirectory: 'build',
  ssr: true,
  basename: '/',
  // Under the catalog's path, which the server hands to this app.
  routeDiscovery: { mode: 'lazy', manifestPath: `${base === '/' ? '' : base}/__manifest` },
  // Brotli and gzip copies of the browser's files, served as they are (docs/decisions/013-official-serving-pieces.md).
  async buildEnd({ reactRouterConfig }) {
    await precompress(join(reactRouterConfig.buildDirectory, 'client'));
  },
} satisfies Config;
