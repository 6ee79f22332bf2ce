import { readdirSync, readFileSync } from 'node:fs';

/**
 * CPU spent by this process and by the PostgreSQL backends serving one database, read from
 * /proc (Linux only; elsewhere the backends read as zero). A figure the machine's load moves
 * far less than a rate: under a load average of 20 on two cores the rate halves from one run
 * to the next while the CPU per operation stays within a fifth (docs/benchmarks.md, bets).
 */
export interface CpuSample {
  nodeUs: number;
  pgTicks: number;
}

/** Clock ticks (1/100 s) of every backend whose process title names `database`. */
function backendTicks(database: string): number {
  let ticks = 0;
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((p) => /^\d+$/.test(p));
  } catch {
    return 0;
  }
  for (const pid of pids) {
    try {
      if (!readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(database)) continue;
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(f[11]) + Number(f[12]);
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return ticks;
}

export function cpuSample(database: string): CpuSample {
  const u = process.cpuUsage();
  return { nodeUs: u.user + u.system, pgTicks: backendTicks(database) };
}

/** Milliseconds of CPU per operation between two samples: Node's and PostgreSQL's. */
export function cpuPerOp(
  a: CpuSample,
  b: CpuSample,
  ops: number,
): { nodeMs: number; pgMs: number } {
  const n = Math.max(ops, 1);
  return { nodeMs: (b.nodeUs - a.nodeUs) / 1000 / n, pgMs: ((b.pgTicks - a.pgTicks) * 10) / n };
}
