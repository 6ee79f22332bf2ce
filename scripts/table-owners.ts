/**
 * One module writes each table (docs/architecture.md, "Modules and repositories"): the SQL text of every
 * `*.repository.ts` under a modules folder is read for the tables it writes, and a table
 * written from two modules is reported. Only string and template literals count (comments do
 * not), and a write whose table is not spelled out (`UPDATE ${table}`) is reported too, since
 * it cannot be checked.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

// FOR UPDATE, FOR NO KEY UPDATE and ON CONFLICT … DO UPDATE lock or upsert: they name no table.
const WRITE =
  /(?<!\b(?:FOR|KEY|DO)\s+)\b(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM|TRUNCATE(?:\s+TABLE)?|MERGE\s+INTO)\s+(?:ONLY\s+)?(?:public\.)?"?(\$\{\}|[A-Za-z_][A-Za-z0-9_]*)/gi;

/** The text of each string and template literal in a TypeScript source; `${…}` becomes `${}`. */
export function sqlLiterals(src: string): string[] {
  const out: string[] = [];
  let i = 0;
  while (i < src.length) {
    const c = src[i];
    if (c === '/' && src[i + 1] === '/') {
      const end = src.indexOf('\n', i);
      i = end < 0 ? src.length : end;
    } else if (c === '/' && src[i + 1] === '*') {
      const end = src.indexOf('*/', i + 2);
      i = end < 0 ? src.length : end + 2;
    } else if (c === "'" || c === '"' || c === '`') {
      let text = '';
      let j = i + 1;
      while (j < src.length && src[j] !== c) {
        if (src[j] === '\\') {
          text += src[j + 1] ?? '';
          j += 2;
        } else if (c === '`' && src[j] === '$' && src[j + 1] === '{') {
          // The expression is skipped to its closing brace: its text is no SQL.
          let depth = 1;
          j += 2;
          while (j < src.length && depth > 0) {
            if (src[j] === '{') depth += 1;
            else if (src[j] === '}') depth -= 1;
            j += 1;
          }
          text += '${}';
        } else {
          text += src[j];
          j += 1;
        }
      }
      out.push(text);
      i = j + 1;
    } else {
      i += 1;
    }
  }
  return out;
}

/** Tables the source writes, lower-cased; `${}` stands for a table that is not spelled out. */
export function writtenTables(src: string): Set<string> {
  const tables = new Set<string>();
  for (const text of sqlLiterals(src)) {
    for (const m of text.matchAll(WRITE)) tables.add((m[1] ?? '').toLowerCase());
  }
  return tables;
}

function repositories(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return repositories(path);
    return e.name.endsWith('.repository.ts') ? [path] : [];
  });
}

export interface TableOwners {
  /** Each written table with the modules that write it. */
  writers: Map<string, Set<string>>;
  /** Tables written from more than one module: `table: moduleA, moduleB`. */
  shared: string[];
  /** Repositories that write a table whose name is not spelled out. */
  unnamed: string[];
}

/** Reads every repository under `modulesDir` (one folder per module). */
export function tableOwners(modulesDir: string): TableOwners {
  const writers = new Map<string, Set<string>>();
  const unnamed: string[] = [];
  for (const file of repositories(modulesDir)) {
    const module = relative(modulesDir, file).split(sep)[0] ?? '';
    for (const table of writtenTables(readFileSync(file, 'utf8'))) {
      if (table === '${}') {
        unnamed.push(relative(modulesDir, file));
        continue;
      }
      const set = writers.get(table) ?? new Set<string>();
      set.add(module);
      writers.set(table, set);
    }
  }
  const shared = [...writers]
    .filter(([, modules]) => modules.size > 1)
    .map(([table, modules]) => `${table}: ${[...modules].sort().join(', ')}`)
    .sort();
  return { writers, shared, unnamed: unnamed.sort() };
}
