import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

let ticksPerSecond: number | null = null;

/**
 * CPU time (user + system, ms) a process has used so far, from /proc (Linux); null elsewhere.
 * On a loaded machine a server's CPU per call is steadier than its rate, which the other
 * processes sharing the cores move from run to run.
 */
export function processCpuMs(pid: number | undefined): number | null {
  if (pid === undefined || process.platform !== 'linux') return null;
  ticksPerSecond ??= Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());
  // The command name (field 2) may hold spaces: count fields after its closing parenthesis.
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const utime = Number(fields[11]);
  const stime = Number(fields[12]);
  return ((utime + stime) * 1000) / ticksPerSecond;
}
