/**
 * The CPU slowdown for Lighthouse's mobile runs, calibrated to the host. Lighthouse's default
 * 4× is meant to move a host in its "high-end desktop" bracket (benchmarkIndex 1,500–2,000) into
 * the mid-tier mobile bracket; on a weaker host the same 4× emulates a slower phone than
 * Lighthouse targets, and Lighthouse itself warns below an index of 1,000 and says to calibrate
 * the multiplier (Lighthouse's docs/throttling.md, "Calibrating the CPU slowdown"). This keeps
 * the emulated phone where the default puts the middle of that bracket: index ÷ multiplier =
 * 1,750 ÷ 4, never below 1× (no host is sped up). The rule and its reason are in
 * docs/benchmarks.md ("web").
 */

/** The middle of the bracket Lighthouse's 4× is meant for. */
export const REFERENCE_BENCHMARK_INDEX = 1750;
export const DEFAULT_CPU_SLOWDOWN = 4;

export interface CpuCalibration {
  /** The host's benchmarkIndex: the median of Lighthouse's own measures in the run. */
  benchmarkIndex: number;
  /** The multiplier the calibrated runs use. */
  cpuSlowdown: number;
}

/** The calibrated multiplier for a host's benchmarkIndex, to two decimals. */
export function cpuSlowdownFor(benchmarkIndex: number): CpuCalibration {
  if (!Number.isFinite(benchmarkIndex) || benchmarkIndex <= 0) {
    throw new Error(`benchmarkIndex ${benchmarkIndex} is not a measure of the host`);
  }
  const raw = (DEFAULT_CPU_SLOWDOWN * benchmarkIndex) / REFERENCE_BENCHMARK_INDEX;
  return { benchmarkIndex, cpuSlowdown: Math.max(1, Math.round(raw * 100) / 100) };
}
