import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  buildImportGraph,
  findCycles,
  folderGraph,
  importSpecifiers,
  withoutTests,
  type ImportGraph,
} from './import-graph';

const repoRoot = path.join(import.meta.dirname, '../..');

/** File cycles (tests included) and folder cycles (production code), as readable lines. */
function cyclesOf(graph: ImportGraph): { files: string[]; folders: string[] } {
  const folders = folderGraph(withoutTests(graph));
  return {
    files: findCycles(graph.files).map((cycle) => cycle.join(' → ')),
    folders: findCycles(folders).map((cycle) => cycle.join(' → ')),
  };
}

describe('import cycles in apps/*/src and packages/*/src', () => {
  it('there is no cycle between files, nor between folders', () => {
    const started = Date.now();
    const found = cyclesOf(buildImportGraph(repoRoot));
    expect(found, 'break each cycle: move the shared piece down, or pass it in').toEqual({
      files: [],
      folders: [],
    });
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});

describe('the cycle check itself', () => {
  let root: string;
  const write = async (file: string, text: string): Promise<void> => {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), text);
  };
  beforeEach(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'import-cycles-'));
    await write(
      'packages/kit/package.json',
      JSON.stringify({
        name: '@nebula/kit',
        exports: { '.': './src/index.ts', './*': './src/*.ts' },
      }),
    );
    await write('apps/site/package.json', JSON.stringify({ name: '@nebula/site' }));
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  it('reads static, type-only, re-export, side-effect and dynamic imports', () => {
    const text = [
      "import { a } from './a';",
      "import type {\n  B,\n} from '../b';",
      "export * from './c';",
      "import './d.css';",
      "const e = () => import('./e');",
    ].join('\n');
    expect(importSpecifiers(text).sort()).toEqual(['../b', './a', './c', './d.css', './e']);
  });

  it('passes a tree without cycles', async () => {
    await write('packages/kit/src/index.ts', "export * from './money/fen';");
    await write('packages/kit/src/money/fen.ts', 'export const fen = 1;');
    await write(
      'apps/site/src/app.ts',
      "import { fen } from '@nebula/kit';\nimport { x } from './lib/x';",
    );
    await write(
      'apps/site/src/lib/x.ts',
      "import { fen } from '@nebula/kit/money/fen';\nexport const x = fen;",
    );
    expect(cyclesOf(buildImportGraph(root))).toEqual({ files: [], folders: [] });
  });

  it('fails on a planted file cycle, type-only imports included', async () => {
    await write('apps/site/src/a.ts', "import type { B } from './b';\nexport type A = B;");
    await write('apps/site/src/b.ts', "import { a } from './a.js';\nexport type B = 1;");
    expect(cyclesOf(buildImportGraph(root)).files).toEqual([
      'apps/site/src/a.ts → apps/site/src/b.ts → apps/site/src/a.ts',
    ]);
  });

  it('fails on a planted folder cycle, through a workspace import too', async () => {
    await write('apps/site/src/one/a.ts', "import { b } from '../two/b';\nexport const a = b;");
    await write(
      'apps/site/src/two/b.ts',
      "import { k } from '@nebula/kit/k';\nexport const b = k;",
    );
    await write('packages/kit/src/k.ts', "export { c as k } from '../../../apps/site/src/one/c';");
    await write('apps/site/src/one/c.ts', 'export const c = 1;');
    expect(cyclesOf(buildImportGraph(root))).toEqual({
      files: [],
      folders: ['apps/site/src/one → apps/site/src/two → packages/kit/src → apps/site/src/one'],
    });
  });

  it('leaves tests out of the folder check but not out of the file check', async () => {
    await write(
      'apps/site/src/test/harness.ts',
      "import { a } from '../one/a';\nexport const h = a;",
    );
    await write('apps/site/src/one/a.ts', 'export const a = 1;');
    await write('apps/site/src/one/a.test.ts', "import { h } from '../test/harness';\nvoid h;");
    expect(cyclesOf(buildImportGraph(root))).toEqual({ files: [], folders: [] });
    await write(
      'apps/site/src/test/harness.ts',
      "import { a } from '../one/a';\nimport '../test/other';\nexport const h = a;",
    );
    await write('apps/site/src/test/other.ts', "import { h } from './harness';\nvoid h;");
    expect(cyclesOf(buildImportGraph(root)).files).toEqual([
      'apps/site/src/test/harness.ts → apps/site/src/test/other.ts → apps/site/src/test/harness.ts',
    ]);
  });
});
