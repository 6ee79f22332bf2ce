import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');

export function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/** Saves raw results under bench/results and replaces this benchmark's table in docs/benchmarks.md. */
export async function writeReport(
  name: string,
  results: unknown,
  markdownTable: string,
): Promise<void> {
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  await mkdir(path.join(root, 'bench/results'), { recursive: true });
  await writeFile(
    path.join(root, 'bench/results', `${name}-${stamp}.json`),
    JSON.stringify(results, null, 2),
  );
  const docFile = path.join(root, 'docs/benchmarks.md');
  let doc = await readFile(docFile, 'utf8').catch(() => '# Benchmarks\n');
  const start = `<!-- bench:${name}:start -->`;
  const end = `<!-- bench:${name}:end -->`;
  const block = `${start}\n_Last run: ${new Date().toISOString()} on ${process.platform} ${process.arch}, Node ${process.version}._\n\n${markdownTable}\n${end}`;
  if (doc.includes(start) && doc.includes(end)) {
    doc = doc.slice(0, doc.indexOf(start)) + block + doc.slice(doc.indexOf(end) + end.length);
  } else {
    doc += `\n## ${name}\n\n${block}\n`;
  }
  await writeFile(docFile, doc);
}
