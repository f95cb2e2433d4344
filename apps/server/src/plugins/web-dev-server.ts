// `npm run dev`: the portal exactly as `npm start` runs it (server.ts: database, identity provider, API,
// graceful stop), except that the pages come from apps/web's sources through Vite, with hot reload, instead
// of from the build (web-dev.ts). Server code is not reloaded: restart for a change under apps/server.
import { serveWebFromSources } from './web-dev.ts';

serveWebFromSources();
await import('../server.ts');
