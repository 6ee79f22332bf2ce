import { readdirSync, readFileSync } from 'node:fs';
import { processCpuMs } from './process-cpu';

/**
 * CPU and memory per process of a bench:site level, from /proc (Linux; zeros elsewhere): each
 * named process by pid, and the PostgreSQL backends serving a database (found by their
 * process title) counted as one.
 */
export interface ProcTarget {
  name: string;
  pid?: number;
  /** Instead of a pid: the backends whose command line names this database. */
  database?: string;
}

export interface ProcUsage {
  name: string;
  /** CPU over the level as a share of one core, in %. */
  cpuPct: number;
  cpuMs: number;
  /** Resident memory at the end of the level (the backends' sum counts shared memory again). */
  rssMb: number;
}

function backends(database: string): number[] {
  const out: number[] = [];
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((p) => /^\d+$/.test(p));
  } catch {
    return out;
  }
  for (const pid of pids) {
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (cmd.startsWith('postgres') && cmd.includes(` ${database} `)) out.push(Number(pid));
    } catch {
      // It ended between the listing and the read.
    }
  }
  return out;
}

function rssKb(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return Number(m?.[1] ?? 0);
  } catch {
    return 0;
  }
}

function cpuOf(pid: number): number {
  try {
    return processCpuMs(pid) ?? 0;
  } catch {
    return 0;
  }
}

function pidsOf(t: ProcTarget): number[] {
  if (t.pid !== undefined) return [t.pid];
  return t.database ? backends(t.database) : [];
}

/** Starts measuring; the function it returns ends the interval and answers per target. */
export function startProcUsage(targets: readonly ProcTarget[]): () => ProcUsage[] {
  const t0 = performance.now();
  // Backends may come and go: per pid, what it had used when first seen.
  const before = new Map<number, number>();
  for (const t of targets) for (const pid of pidsOf(t)) before.set(pid, cpuOf(pid));
  return () => {
    const wall = performance.now() - t0;
    return targets.map((t) => {
      let cpuMs = 0;
      let rss = 0;
      for (const pid of pidsOf(t)) {
        cpuMs += cpuOf(pid) - (before.get(pid) ?? 0);
        rss += rssKb(pid);
      }
      return {
        name: t.name,
        cpuMs,
        cpuPct: wall > 0 ? (cpuMs / wall) * 100 : 0,
        rssMb: rss / 1024,
      };
    });
  };
}

/** The pid of the Redis server this machine runs, if one can be seen in /proc. */
export function redisPid(): number | undefined {
  try {
    for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
      try {
        if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'redis-server') return Number(pid);
      } catch {
        // ended
      }
    }
  } catch {
    // no /proc
  }
  return undefined;
}
