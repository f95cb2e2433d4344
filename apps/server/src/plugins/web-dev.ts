import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** The web app's sources (apps/web): Vite's root in development. */
const WEB_APP_DIR = fileURLToPath(new URL('../../../web', import.meta.url));

/** The structural shape of React Router's request handler (the server build is only known at run time). */
export type RequestHandler = (request: Request, loadContext?: unknown) => Promise<Response>;

let requested = false;

/**
 * Makes the next web plugin serve the pages from the sources through Vite, with hot reload, instead of the
 * build. Only `npm run dev` (web-dev-server.ts) calls it: `npm start` and the tests never do.
 */
export function serveWebFromSources() {
  requested = true;
}

export const servingWebFromSources = () => requested;

export interface WebDevelopment {
  /** React Router's handler on the server build Vite compiles on demand: each request sees the latest sources */
  handle: RequestHandler;
  /**
   * Lets Vite answer what is its own (modules, the HMR client, styles): true when it did, and the reply is
   * then hijacked; false for everything else, which stays a page.
   */
  serveFromVite(request: FastifyRequest, reply: FastifyReply): Promise<boolean>;
}

/**
 * React Router's documented custom-server setup for development: Vite in middleware mode, and
 * `ssrLoadModule('virtual:react-router/server-build')` on each request. Vite is a development dependency,
 * imported here only, so a production install never needs it.
 */
export async function createWebDevelopment(app: FastifyInstance, basePath: string): Promise<WebDevelopment> {
  // vite.config.ts and react-router.config.ts read BASE_PATH: the same base as the server's, whatever its source.
  process.env.BASE_PATH = basePath;
  const { createServer } = await import('vite');
  const signalListeners = new Set(process.listeners('SIGTERM'));
  const vite = await createServer({
    root: WEB_APP_DIR,
    configFile: join(WEB_APP_DIR, 'vite.config.ts'),
    // No HTML of Vite's own: every page is React Router's.
    appType: 'custom',
    // The hot-reload WebSocket shares the portal's port instead of opening another (24678) on the machine.
    server: { middlewareMode: true, hmr: { server: app.server } },
  });
  // React Router's plugin starts Vite servers of its own (a child compiler), and each one outside middleware
  // mode exits the process on SIGTERM (or the end of stdin) at once: the stop would skip server.ts's drain
  // and leave the embedded database unclosed. server.ts stops the process; Vite closes with the app.
  for (const listener of process.listeners('SIGTERM')) {
    if (signalListeners.has(listener)) continue;
    process.off('SIGTERM', listener);
    process.stdin.off('end', listener);
  }
  // A browser tab keeps its hot-reload WebSocket open on the portal's port: it is closed as soon as the stop
  // begins, so that server.ts's drain waits for requests only (then the tab reconnects to the next start).
  const dropHotReloadClients = () => {
    for (const client of vite.ws.clients) client.socket.terminate();
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, dropHotReloadClients);
  app.addHook('onClose', async () => {
    for (const signal of ['SIGINT', 'SIGTERM'] as const) process.off(signal, dropHotReloadClients);
    await vite.close();
  });

  const { createRequestHandler } = (await import('react-router')) as unknown as {
    createRequestHandler: (build: () => Promise<unknown>, mode?: string) => RequestHandler;
  };
  const handle = createRequestHandler(() => vite.ssrLoadModule('virtual:react-router/server-build'), 'development');

  const serveFromVite = (request: FastifyRequest, reply: FastifyReply) =>
    new Promise<boolean>((resolve, reject) => {
      const url = request.raw.url;
      // Answered by Vite: the reply is Vite's, Fastify must not send another.
      reply.raw.once('close', () => resolve(true));
      vite.middlewares(request.raw, reply.raw, (err?: unknown) => {
        // Vite strips the base from the URL before passing a request on: the page needs it whole.
        request.raw.url = url;
        if (err) reject(err instanceof Error ? err : new Error(String(err)));
        else resolve(false);
      });
    }).then((answered) => {
      if (answered) reply.hijack();
      return answered;
    });

  return { handle, serveFromVite };
}
