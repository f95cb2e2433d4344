import type { Config } from '@react-router/dev/config';
import { basePath } from './base-path.ts';

// The base path is fixed at build time (React Router's basename, Vite's base); `npm start` rebuilds when it changes.
export default {
  appDirectory: 'app',
  buildDirectory: 'build',
  ssr: true,
  basename: basePath(),
} satisfies Config;
