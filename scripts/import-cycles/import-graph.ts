/**
 * The repository's import graph, file by file and folder by folder, and its cycles. Imports are
 * read with a regex (static, dynamic, re-exports, type-only alike: a type-only import is still a
 * dependency between two files); relative specifiers resolve like TypeScript's bundler
 * resolution and `@nebula/*` workspace specifiers resolve through each package's `exports` to its
 * source.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const SOURCE_EXT = /\.(ts|tsx|mts|cts)$/;
const IMPORT_PATTERNS = [
  /\b(?:import|export)\s+(?:type\s+)?[^'";]*?\bfrom\s*['"]([^'"]+)['"]/g,
  /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
  /^\s*import\s+['"]([^'"]+)['"]/gm,
];

export interface ImportGraph {
  /** Repository-relative file → repository-relative files it imports. */
  readonly files: ReadonlyMap<string, ReadonlySet<string>>;
}

/** `exports` of a workspace package: `.` and `./*`-style subpaths to source files. */
interface Workspace {
  readonly dir: string;
  readonly exports: Readonly<Record<string, string>>;
}

function listSources(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...listSources(full));
    else if (SOURCE_EXT.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(full);
  }
  return out;
}

function readWorkspaces(root: string): Map<string, Workspace> {
  const found = new Map<string, Workspace>();
  for (const group of ['apps', 'packages']) {
    const base = path.join(root, group);
    if (!existsSync(base)) continue;
    for (const name of readdirSync(base)) {
      const manifest = path.join(base, name, 'package.json');
      if (!existsSync(manifest)) continue;
      const pkg = JSON.parse(readFileSync(manifest, 'utf8')) as {
        name?: string;
        exports?: string | Record<string, string>;
      };
      if (!pkg.name) continue;
      const exports =
        typeof pkg.exports === 'string'
          ? { '.': pkg.exports }
          : (pkg.exports ?? { '.': './src/index.ts' });
      found.set(pkg.name, { dir: path.join(base, name), exports });
    }
  }
  return found;
}

function isFile(p: string): boolean {
  return existsSync(p) && statSync(p).isFile();
}

function resolveFile(target: string): string | null {
  const stem = target.replace(/\.(js|jsx|mjs|cjs)$/, '');
  const candidates = [
    target,
    `${stem}.ts`,
    `${stem}.tsx`,
    `${stem}.mts`,
    path.join(target, 'index.ts'),
    path.join(target, 'index.tsx'),
  ];
  return candidates.find(isFile) ?? null;
}

function resolveWorkspace(spec: string, workspaces: Map<string, Workspace>): string | null {
  for (const [name, ws] of workspaces) {
    if (spec !== name && !spec.startsWith(`${name}/`)) continue;
    const sub = spec === name ? '.' : `.${spec.slice(name.length)}`;
    for (const [key, value] of Object.entries(ws.exports)) {
      if (key === sub) return resolveFile(path.join(ws.dir, value));
      const star = key.indexOf('*');
      if (star < 0) continue;
      const [pre, post] = [key.slice(0, star), key.slice(star + 1)];
      if (sub.startsWith(pre) && sub.endsWith(post) && sub.length >= pre.length + post.length) {
        const hole = sub.slice(pre.length, sub.length - post.length);
        return resolveFile(path.join(ws.dir, value.replace('*', hole)));
      }
    }
  }
  return null;
}

/** The specifiers a source text imports. */
export function importSpecifiers(text: string): string[] {
  const specs = new Set<string>();
  for (const pattern of IMPORT_PATTERNS) {
    for (const match of text.matchAll(pattern)) if (match[1]) specs.add(match[1]);
  }
  return [...specs];
}

/** Build the graph of `<root>/apps/*\/src` and `<root>/packages/*\/src`. */
export function buildImportGraph(root: string): ImportGraph {
  const workspaces = readWorkspaces(root);
  const sources = [...workspaces.values()].flatMap((ws) => listSources(path.join(ws.dir, 'src')));
  const rel = (p: string): string => path.relative(root, p).split(path.sep).join('/');
  const files = new Map<string, Set<string>>();
  for (const file of sources) {
    const deps = new Set<string>();
    for (const spec of importSpecifiers(readFileSync(file, 'utf8'))) {
      const target = spec.startsWith('.')
        ? resolveFile(path.resolve(path.dirname(file), spec))
        : spec.startsWith('@nebula/')
          ? resolveWorkspace(spec, workspaces)
          : null;
      if (target && target !== file) deps.add(rel(target));
      else if (target === file) deps.add(rel(file));
    }
    files.set(rel(file), deps);
  }
  return { files };
}

/** The folder graph: the directory of each file, with edges between distinct directories. */
export function folderGraph(graph: ImportGraph): Map<string, Set<string>> {
  const folders = new Map<string, Set<string>>();
  for (const [file, deps] of graph.files) {
    const from = path.posix.dirname(file);
    const edges = folders.get(from) ?? new Set<string>();
    folders.set(from, edges);
    for (const dep of deps) {
      const to = path.posix.dirname(dep);
      if (to !== from) edges.add(to);
    }
  }
  return folders;
}

/**
 * Each cycle of a graph, one per strongly connected component (Tarjan), as a closed path
 * `a → b → … → a` through that component. A node importing itself is a cycle too.
 */
export function findCycles(graph: ReadonlyMap<string, ReadonlySet<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const components: string[][] = [];
  let next = 0;
  const visit = (node: string): void => {
    index.set(node, next);
    low.set(node, next);
    next += 1;
    stack.push(node);
    onStack.add(node);
    for (const dep of graph.get(node) ?? []) {
      if (!index.has(dep)) {
        visit(dep);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(dep) ?? 0));
      } else if (onStack.has(dep)) {
        low.set(node, Math.min(low.get(node) ?? 0, index.get(dep) ?? 0));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop();
      if (member === undefined) break;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || graph.get(node)?.has(node)) components.push(component);
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return components.map((component) => closedPath(graph, new Set(component)));
}

/** A shortest closed path through a component, starting at its first node in sort order. */
function closedPath(
  graph: ReadonlyMap<string, ReadonlySet<string>>,
  members: Set<string>,
): string[] {
  const start = [...members].sort()[0] ?? '';
  const previous = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift() ?? '';
    for (const dep of [...(graph.get(node) ?? [])].sort()) {
      if (!members.has(dep)) continue;
      if (dep === start) {
        const pathBack = [node];
        while (pathBack[0] !== start) pathBack.unshift(previous.get(pathBack[0] ?? '') ?? start);
        return [...pathBack, start];
      }
      if (!previous.has(dep)) {
        previous.set(dep, node);
        queue.push(dep);
      }
    }
  }
  return [start, start];
}

/** A test, a test kit or the test harness (`src/test/`): code that only tests import. */
export function isTestSource(file: string): boolean {
  return /\.test\.tsx?$|\.testkit\.ts$|(^|\/)src\/test\//.test(file);
}

/**
 * The graph without tests and their harness. A test drives the app through the harness, which
 * builds the whole app: that edge runs from tests only and would tie every folder with a test
 * to the app's root, so the folder check reads production code only.
 */
export function withoutTests(graph: ImportGraph): ImportGraph {
  const files = new Map<string, ReadonlySet<string>>();
  for (const [file, deps] of graph.files) {
    if (isTestSource(file)) continue;
    files.set(file, new Set([...deps].filter((dep) => !isTestSource(dep))));
  }
  return { files };
}
