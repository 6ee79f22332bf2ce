import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { summarizeProfile, type CpuProfile, type ProfileSummary } from './cpu-profile';
import { connectInspector, type Inspector } from './inspector-memory';

/**
 * Where a bench:site level spends its time (BENCH_SITE_PROFILE=1): V8's CPU sampler in each
 * process started with its inspector open (what `--cpu-prof` records, started and stopped
 * around the level so start-up is left out), and PostgreSQL sampled from pg_stat_activity
 * every 50 ms — the statements active at each sample, by text. pg_stat_statements needs a
 * server restart to load (shared_preload_libraries), which a shared database server does not
 * get; a sampler needs nothing.
 */
export interface ProfileTarget {
  name: string;
  inspectorUrl: string | null;
}

export interface SiteProfile {
  processes: { name: string; summary: ProfileSummary; file: string | null }[];
  /** Active statements per database: share of samples in which each was running or waiting. */
  postgres: {
    database: string;
    samples: number;
    top: { query: string; share: number; waits: string }[];
  }[];
}

export async function startProfiles(
  targets: readonly ProfileTarget[],
  adminUrl: string,
  databases: readonly string[],
): Promise<() => Promise<SiteProfile>> {
  const inspectors: { name: string; ins: Inspector }[] = [];
  for (const t of targets) {
    if (!t.inspectorUrl) continue;
    const ins = await connectInspector(t.inspectorUrl);
    await ins.call('Profiler.enable');
    await ins.call('Profiler.setSamplingInterval', { interval: 500 });
    await ins.call('Profiler.start');
    inspectors.push({ name: t.name, ins });
  }
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  type Seen = { n: number; waits: Map<string, number> };
  const counts = new Map<string, Map<string, Seen>>();
  const samples = new Map<string, number>();
  let sampling = true;
  const loop = (async () => {
    while (sampling) {
      // A statement waiting on a lock names what holds it: the blockers' current statements.
      const r = await client.query<{ datname: string; query: string; wait: string | null }>(
        `SELECT a.datname, a.query, a.wait_event_type || ':' || a.wait_event
                || CASE WHEN a.wait_event_type = 'Lock' THEN ' by ' || coalesce((
                     SELECT string_agg(DISTINCT left(regexp_replace(b.query, '\\s+', ' ', 'g'), 70), ' | ')
                       FROM pg_stat_activity b WHERE b.pid = ANY(pg_blocking_pids(a.pid))), '?')
                   ELSE '' END AS wait
           FROM pg_stat_activity a
          WHERE a.datname = ANY($1) AND a.state = 'active' AND a.pid <> pg_backend_pid()`,
        [databases],
      );
      for (const d of databases) samples.set(d, (samples.get(d) ?? 0) + 1);
      for (const row of r.rows) {
        const byQuery = counts.get(row.datname) ?? new Map<string, Seen>();
        counts.set(row.datname, byQuery);
        const key = row.query.replace(/\s+/g, ' ').slice(0, 160);
        const e = byQuery.get(key) ?? { n: 0, waits: new Map<string, number>() };
        e.n += 1;
        const w = row.wait ?? 'CPU';
        e.waits.set(w, (e.waits.get(w) ?? 0) + 1);
        byQuery.set(key, e);
      }
      await new Promise((res) => setTimeout(res, 50));
    }
  })();
  return async () => {
    sampling = false;
    await loop;
    await client.end();
    const processes: SiteProfile['processes'] = [];
    for (const { name, ins } of inspectors) {
      const p = ((await ins.call('Profiler.stop')) as { profile: CpuProfile }).profile;
      ins.close();
      // BENCH_SITE_PROFILE_DIR keeps each profile as a .cpuprofile (DevTools, speedscope).
      const dir = process.env.BENCH_SITE_PROFILE_DIR;
      const file = dir
        ? path.join(dir, `${name.replace(/\W+/g, '-')}-${Date.now()}.cpuprofile`)
        : null;
      if (file) await writeFile(file, JSON.stringify(p));
      processes.push({ name, summary: summarizeProfile(p, 15), file });
    }
    const postgres = databases.map((database) => {
      const n = samples.get(database) ?? 1;
      const top = [...(counts.get(database) ?? new Map<string, Seen>())]
        .sort((a, b) => b[1].n - a[1].n)
        .slice(0, 12)
        .map(([query, e]) => ({
          query,
          share: e.n / n,
          waits: [...e.waits]
            .sort((a, b) => b[1] - a[1])
            .slice(0, 3)
            .map(([w, c]) => `${w} ${c}`)
            .join(', '),
        }));
      return { database, samples: n, top };
    });
    return { processes, postgres };
  };
}

/** The profile as text for the console and the report. */
export function profileText(p: SiteProfile): string {
  const out: string[] = [];
  for (const proc of p.processes) {
    const s = proc.summary;
    out.push(
      `\n${proc.name}: sampled ${s.totalMs.toFixed(0)} ms, idle ${(s.idle * 100).toFixed(1)}%${proc.file ? ` (${proc.file})` : ''}`,
    );
    out.push('  self by owner:');
    for (const l of s.selfByOwner.slice(0, 8))
      out.push(`    ${(l.share * 100).toFixed(1).padStart(5)}%  ${l.name}`);
    out.push('  self by function:');
    for (const l of s.selfByFunction.slice(0, 12))
      out.push(`    ${(l.share * 100).toFixed(1).padStart(5)}%  ${l.name}`);
    out.push('  on the stack:');
    for (const l of s.inclusiveByFunction.slice(0, 15))
      out.push(`    ${(l.share * 100).toFixed(1).padStart(5)}%  ${l.name}`);
  }
  for (const d of p.postgres) {
    out.push(
      `\nPostgreSQL ${d.database} (${d.samples} samples; active backends per sample by statement):`,
    );
    for (const q of d.top)
      out.push(`  ${q.share.toFixed(2).padStart(6)}  [${q.waits}]  ${q.query}`);
  }
  return out.join('\n');
}
