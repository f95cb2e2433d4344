// Child process of bench/search.ts: serves either the real portal on a database of N services, or a
// bare node:http server that answers the same bytes for the same request body (the baseline).
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/plugins/config.ts';

const mode = process.argv[2];
if (mode === 'portal') {
  const app = await buildApp({ config: loadConfig({ ...process.env, LOG_LEVEL: 'warn', PORT: '0', HOST: '127.0.0.1', SEED_DEMO: 'false' }), logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  process.send!({ port: (app.server.address() as { port: number }).port });
  process.on('disconnect', () => app.close().then(() => process.exit(0)));
} else {
  const answers = new Map<string, Buffer>(
    Object.entries(JSON.parse(await readFile(process.argv[3]!, 'utf8')) as Record<string, string>).map(([k, v]) => [k, Buffer.from(v)]),
  );
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = answers.get(Buffer.concat(chunks).toString()) ?? answers.get('*') ?? Buffer.from('[]');
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
      res.end(body);
    });
  });
  server.listen(0, '127.0.0.1', () => process.send!({ port: (server.address() as { port: number }).port }));
  process.on('disconnect', () => server.close(() => process.exit(0)));
}
