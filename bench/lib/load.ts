import { median } from './report';

/** One timed run of concurrent clients: operations done, rate, p99 and failures. */
export interface Run {
  ops: number;
  rate: number;
  p99: number;
  errors: number;
}

/**
 * `clients` loops calling `op` for `seconds`; a throw counts as an error and not as an
 * operation. The client's index is passed (a client may stand for one player).
 */
export async function drive(
  clients: number,
  seconds: number,
  op: (client: number) => Promise<void>,
): Promise<Run> {
  const latencies: number[] = [];
  let errors = 0;
  const end = Date.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: clients }, async (_, c) => {
      while (Date.now() < end) {
        const t0 = performance.now();
        try {
          await op(c);
          latencies.push(performance.now() - t0);
        } catch {
          errors += 1;
        }
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return {
    ops: latencies.length,
    rate: latencies.length / seconds,
    p99: latencies[Math.floor(latencies.length * 0.99)] ?? 0,
    errors,
  };
}

/** The median of each figure over rounds; errors add up. */
export const medianRun = (runs: Run[]): Run => ({
  ops: median(runs.map((r) => r.ops)),
  rate: median(runs.map((r) => r.rate)),
  p99: median(runs.map((r) => r.p99)),
  errors: runs.reduce((s, r) => s + r.errors, 0),
});
