import lighthouse from 'lighthouse';
import { throttling } from 'lighthouse/core/config/constants.js';
import { median } from './report';

/** One Lighthouse performance run's figures. */
export interface LighthouseRun {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  /** Lighthouse's own measure of the host CPU (lhr.environment.benchmarkIndex). */
  benchmarkIndex: number;
}

/**
 * One Lighthouse performance run as every bench runs it: mobile, simulated slow 4G and a CPU
 * slowdown of `cpuSlowdown` (Lighthouse's default is 4×). A run that fails scores 0, as
 * Lighthouse reports it; its runtime error is printed.
 */
export async function auditPerformance(
  url: string,
  port: number,
  cpuSlowdown = 4,
): Promise<LighthouseRun> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    formFactor: 'mobile',
    throttling: { ...throttling.mobileSlow4G, cpuSlowdownMultiplier: cpuSlowdown },
  });
  if (!result) throw new Error('lighthouse returned nothing');
  const failed = result.lhr.runtimeError;
  if (failed) process.stdout.write(`lighthouse: ${failed.code}: ${failed.message}\n`);
  const audits = result.lhr.audits;
  return {
    score: Math.round((result.lhr.categories.performance?.score ?? 0) * 100),
    fcp: audits['first-contentful-paint']?.numericValue ?? NaN,
    lcp: audits['largest-contentful-paint']?.numericValue ?? NaN,
    tbt: audits['total-blocking-time']?.numericValue ?? NaN,
    cls: audits['cumulative-layout-shift']?.numericValue ?? NaN,
    benchmarkIndex: result.lhr.environment.benchmarkIndex,
  };
}

/** The median of each figure over runs. */
export function medianRun(runs: LighthouseRun[]): LighthouseRun {
  return {
    score: median(runs.map((r) => r.score)),
    fcp: median(runs.map((r) => r.fcp)),
    lcp: median(runs.map((r) => r.lcp)),
    tbt: median(runs.map((r) => r.tbt)),
    cls: median(runs.map((r) => r.cls)),
    benchmarkIndex: median(runs.map((r) => r.benchmarkIndex)),
  };
}
