// Brotli and gzip copies of the browser's files, written next to them once, at build time (react-router.config.ts,
// buildEnd): the server sends them as they are (@fastify/static, `preCompressed`) instead of compressing on
// each request, and at the highest levels, which would be too slow per request.
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text formats; images and fonts (png, woff2) are compressed already. */
const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.svg', '.json', '.txt', '.webmanifest']);
/** Below this, the saving is smaller than a packet and not worth a second file. */
const MIN_BYTES = 512;

async function files(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(entries.map((e) => (e.isDirectory() ? files(join(dir, e.name)) : [join(dir, e.name)])));
  return nested.flat();
}

/** Writes `<file>.br` and `<file>.gz` beside each compressible file of `dir`; returns how many files got them. */
export async function precompress(dir: string): Promise<number> {
  let count = 0;
  for (const file of await files(dir)) {
    if (!COMPRESSIBLE.has(extname(file)) || (await stat(file)).size < MIN_BYTES) continue;
    const source = await readFile(file);
    const [br, gz] = await Promise.all([
      brotli(source, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: source.length } }),
      gzipAsync(source, { level: constants.Z_BEST_COMPRESSION }),
    ]);
    // A copy that is not smaller would only cost bytes: the server then sends the original.
    if (br.length < source.length) await writeFile(`${file}.br`, br);
    if (gz.length < source.length) await writeFile(`${file}.gz`, gz);
    count++;
  }
  return count;
}
