import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * Small files: a source file over 300 lines says why at its top ("Over 300 lines on purpose: …"),
 * within its first five lines, so a reader knows the length is chosen. Whether the reason is
 * true is for review; that every long file gives one is checked here.
 */
const repoRoot = path.join(import.meta.dirname, '../..');
const SEARCHED = ['apps', 'packages', 'scripts', 'bench'];
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'data', 'results', 'test-results']);
const SOURCE = /\.(ts|tsx|mts|js|mjs|css)$/;
const LIMIT = 300;
const REASON = /over 300 lines/i;

function sources(dir: string): string[] {
  return readdirSync(path.join(repoRoot, dir), { withFileTypes: true })
    .filter((d) => !SKIPPED_DIRS.has(d.name) && !d.name.startsWith('.'))
    .flatMap((d) => {
      const rel = `${dir}/${d.name}`;
      if (d.isDirectory()) return sources(rel);
      return SOURCE.test(d.name) ? [rel] : [];
    });
}

/** The long files that do not say why, as `file (lines)`. */
export function unexplainedLongFiles(
  files: readonly { name: string; text: string }[],
  limit = LIMIT,
): string[] {
  return files
    .map((f) => ({ ...f, lines: f.text.split('\n').length - (f.text.endsWith('\n') ? 1 : 0) }))
    .filter((f) => f.lines > limit)
    .filter((f) => !REASON.test(f.text.split('\n').slice(0, 5).join('\n')))
    .map((f) => `${f.name} (${f.lines})`);
}

describe('file sizes', () => {
  it('no source file over 300 lines without a reason at its top', () => {
    const files = SEARCHED.flatMap(sources).map((name) => ({
      name,
      text: readFileSync(path.join(repoRoot, name), 'utf8'),
    }));
    expect(files.length).toBeGreaterThan(500);
    expect(unexplainedLongFiles(files), 'split the file, or say why at its top').toEqual([]);
  });

  it('the check itself: a long file without a reason is named, one with a reason is not', () => {
    const long = 'x\n'.repeat(301);
    expect(
      unexplainedLongFiles([
        { name: 'a.ts', text: long },
        { name: 'b.ts', text: `/*\n * Over 300 lines on purpose: one table.\n */\n${long}` },
        { name: 'c.ts', text: 'x\n'.repeat(300) },
      ]),
    ).toEqual(['a.ts (301)']);
  });
});
