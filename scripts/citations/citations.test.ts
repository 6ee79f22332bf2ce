import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * Code and docs cite only documents inside the repository, by sections that exist: "contract §N"
 * names a numbered heading of docs/contract.md, "architecture §Heading" starts with a heading of
 * docs/architecture.md, `design "Heading"` a heading of docs/design.md, and nothing cites
 * documents that are not in the repository.
 */

const repoRoot = path.join(import.meta.dirname, '../..');
const SEARCHED = ['apps', 'packages', 'scripts', 'bench', 'docs', 'README.md'];
const SKIPPED_DIRS = new Set([
  'node_modules',
  'dist',
  'data',
  'results',
  'test-results',
  'screenshots',
]);
const TEXT_FILE = /\.(ts|tsx|mts|js|mjs|cjs|css|html|json|md|sql|ya?ml|sh|txt)$/;
const thisFile = path
  .relative(repoRoot, import.meta.filename)
  .split(path.sep)
  .join('/');

/** Citations of documents that are not in the repository. */
const FOREIGN: readonly RegExp[] = [
  /\bPRODUCT(\.md)?\s*§/g,
  /\bPRODUCT\.md\b/g,
  /\bSPEC(\.md)?\s*§/g,
  /\bSPEC\.md\b/g,
  /\b[Ii]ssues? #?\d+/g,
  /\bengineering guide\b/gi,
  /\bARCHITECTURE\.md\b/g,
  /\.\.\/shared\/[A-Z]/g,
  /\bDESIGN(\.md)?\b/g,
];
const CONTRACT_CITATION = /\bcontract(?:\.md)?\s*§\s*(\d+(?:\.\d+)*)/g;
const DESIGN_CITATION = /\bdesign(?:\.md)? "([^"]+)"/g;
const ARCHITECTURE_CITATION =
  /\barchitecture(?:\.md)?\s*§\s*((?:(?!architecture(?:\.md)?\s*§)[^\n])+)/g;

interface Line {
  readonly where: string;
  readonly text: string;
}

function listFiles(entry: string): string[] {
  const full = path.join(repoRoot, entry);
  const stat = readdirSync(path.dirname(full), { withFileTypes: true }).find(
    (d) => d.name === path.basename(full),
  );
  if (!stat) return [];
  if (!stat.isDirectory()) return TEXT_FILE.test(entry) ? [entry] : [];
  return readdirSync(full, { withFileTypes: true })
    .filter((d) => !SKIPPED_DIRS.has(d.name) && !d.name.startsWith('.'))
    .flatMap((d) => listFiles(`${entry}/${d.name}`));
}

function linesOf(files: readonly string[]): Line[] {
  return files.flatMap((file) =>
    readFileSync(path.join(repoRoot, file), 'utf8')
      .split('\n')
      .map((text, i) => ({ where: `${file}:${i + 1}`, text })),
  );
}

/** The headings of a markdown document, without their `#` marks. */
function headings(doc: string): string[] {
  return readFileSync(path.join(repoRoot, doc), 'utf8')
    .split('\n')
    .filter((line) => /^#{1,6} /.test(line))
    .map((line) => line.replace(/^#+ /, '').trim());
}

/** `8.1` of `### 8.1 Routes`, `2` of `## 2. HTTP`. */
function sectionNumbers(titles: readonly string[]): Set<string> {
  const numbers = new Set<string>();
  for (const title of titles) {
    const m = /^(\d+(?:\.\d+)*)\.?\s/.exec(title);
    if (m?.[1]) numbers.add(m[1]);
  }
  return numbers;
}

export function foreignCitations(lines: readonly Line[]): string[] {
  return lines
    .filter((line) => FOREIGN.some((re) => new RegExp(re.source, re.flags).test(line.text)))
    .map((line) => `${line.where}: ${line.text.trim()}`);
}

export function brokenCitations(
  lines: readonly Line[],
  contractSections: ReadonlySet<string>,
  architectureHeadings: readonly string[],
  designHeadings: readonly string[] = [],
): string[] {
  const broken: string[] = [];
  for (const line of lines) {
    for (const m of line.text.matchAll(DESIGN_CITATION)) {
      if (!designHeadings.includes(m[1] ?? '')) broken.push(`${line.where}: design "${m[1]}"`);
    }
    for (const m of line.text.matchAll(CONTRACT_CITATION)) {
      if (!contractSections.has(m[1] ?? '')) broken.push(`${line.where}: contract §${m[1]}`);
    }
    for (const m of line.text.matchAll(ARCHITECTURE_CITATION)) {
      const cited = m[1] ?? '';
      if (!architectureHeadings.some((heading) => cited.startsWith(heading)))
        broken.push(`${line.where}: architecture §${cited}`);
    }
  }
  return broken;
}

describe('citations', () => {
  const files = SEARCHED.flatMap(listFiles).filter((file) => file !== thisFile);
  const lines = linesOf(files);

  it('searches the whole repository', () => {
    expect(files).toContain('docs/architecture.md');
    expect(files.some((f) => f.startsWith('apps/server/src/'))).toBe(true);
    expect(files.some((f) => f.startsWith('apps/venue/src/'))).toBe(true);
  });

  it('cite no document outside the repository', () => {
    expect(
      foreignCitations(lines),
      'cite docs/contract.md, docs/architecture.md or docs/design.md, or explain',
    ).toEqual([]);
  });

  it('name sections that exist', () => {
    const broken = brokenCitations(
      lines,
      sectionNumbers(headings('docs/contract.md')),
      headings('docs/architecture.md'),
      headings('docs/design.md'),
    );
    expect(broken, 'cite a heading that exists').toEqual([]);
  });

  it('are found and checked (fixtures)', () => {
    const planted: Line[] = [
      { where: 'a.ts:1', text: '// the rule of SPEC §4' },
      { where: 'a.ts:2', text: '/** as issue 13 asks */' },
      { where: 'a.ts:3', text: '// engineering guide §6' },
      { where: 'a.ts:4', text: '// contract §2.4 and contract §8.1.' },
      { where: 'a.ts:5', text: '// contract §12' },
      { where: 'a.ts:6', text: '// architecture §Money, and architecture §Nowhere' },
      { where: 'a.ts:7', text: '/* DESIGN.md "Look" */' },
      { where: 'a.ts:8', text: '/* design "Look", design "Nowhere" */' },
    ];
    expect(foreignCitations(planted)).toEqual([
      'a.ts:1: // the rule of SPEC §4',
      'a.ts:2: /** as issue 13 asks */',
      'a.ts:3: // engineering guide §6',
      'a.ts:7: /* DESIGN.md "Look" */',
    ]);
    expect(
      brokenCitations(planted, new Set(['2', '2.4', '8', '8.1']), ['Money'], ['Look']),
    ).toEqual([
      'a.ts:5: contract §12',
      'a.ts:6: architecture §Nowhere',
      'a.ts:8: design "Nowhere"',
    ]);
  });
});
