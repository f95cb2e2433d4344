import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

const README = fileURLToPath(new URL('./README.md', import.meta.url));

/**
 * Replaces one benchmark's section of bench/README.md (between `<!-- name:start -->` and
 * `<!-- name:end -->`), appending it when missing, so each benchmark owns its figures.
 */
export async function writeSection(name: string, markdown: string) {
  let text = '';
  try {
    text = await readFile(README, 'utf8');
  } catch {
    text = '# Benchmarks\n';
  }
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  const block = `${start}\n${markdown.trim()}\n${end}`;
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  text = from >= 0 && to > from ? text.slice(0, from) + block + text.slice(to + end.length) : `${text.trimEnd()}\n\n${block}\n`;
  await writeFile(README, text);
}

export const machine = async () => {
  const os = await import('node:os');
  return `${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
};
