/**
 * One worker thread of `bench:slots -- --math` (bench/slots-math.bench.ts): either enumerates
 * the screens of a range of reel-1 stops, or plays a range of paid spins (features included)
 * through the engine on the kernel's stream, exactly as the venue plays them (contract §10.13).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { createStream, streamKey } from '@nebula/protocol/fair/byte-stream';
import { utf8Encode } from '@nebula/protocol/fair/bytes';
import { playerMessage, ROUNDS_PER_SERVER_SEED } from '@nebula/protocol/fair/player-seeds';
import { sha256 } from '@nebula/protocol/fair/sha256';
import { DEMO_PAR_SHEETS, spin } from '@nebula/protocol/venue/games/slots/index';
import { tallyScreens } from '@nebula/protocol/venue/games/slots/slot-enumeration';

export type MathJob =
  | { kind: 'enumerate'; game: string; set: 'base' | 'free'; from: number; to: number }
  | { kind: 'simulate'; game: string; from: number; to: number; deadline: number };

/** A range of simulated spins; everything in line-bet units. */
export interface SimTally {
  /** Spins played: nonces [from, from + spins) of the range. */
  spins: number;
  sum: number;
  sumSq: number;
  baseLine: number;
  baseScatter: number;
  feature: number;
  hits: number;
  features: number;
  capped: number;
  max: number;
  ms: number;
}

export const CLIENT_SEED = 'bench';

/** The fixed server seed of spin i's block: a seed serves ROUNDS_PER_SERVER_SEED nonces. */
export const serverSeedOf = (game: string, i: number): Uint8Array =>
  sha256(utf8Encode(`nebula bench:slots ${game} ${Math.floor(i / ROUNDS_PER_SERVER_SEED)}`));

function simulate(job: Extract<MathJob, { kind: 'simulate' }>): SimTally {
  const p = DEMO_PAR_SHEETS.find((x) => x.gameCode === job.game)!;
  const t: SimTally = {
    spins: 0,
    sum: 0,
    sumSq: 0,
    baseLine: 0,
    baseScatter: 0,
    feature: 0,
    hits: 0,
    features: 0,
    capped: 0,
    max: 0,
    ms: 0,
  };
  const started = performance.now();
  // The seed's HMAC key once per block of nonces, not once per spin.
  let seed = streamKey(serverSeedOf(job.game, job.from));
  for (let i = job.from; i < job.to; i++) {
    if (i % ROUNDS_PER_SERVER_SEED === 0) {
      seed = streamKey(serverSeedOf(job.game, i));
      // The budget is checked once a seed block, so the count run is a whole prefix.
      if (Date.now() > job.deadline) break;
    }
    const o = spin(p, createStream(seed, playerMessage(CLIENT_SEED, i % ROUNDS_PER_SERVER_SEED)));
    t.spins += 1;
    t.sum += o.units;
    t.sumSq += o.units * o.units;
    t.baseLine += o.base.units - o.base.scatterPay;
    t.baseScatter += o.base.scatterPay;
    t.feature += o.units - o.base.units;
    if (o.base.lines.length > 0 || o.base.scatterPay > 0) t.hits += 1;
    if (o.free.length > 0) t.features += 1;
    if (o.capped) t.capped += 1;
    if (o.units > t.max) t.max = o.units;
  }
  t.ms = performance.now() - started;
  return t;
}

if (parentPort) {
  const job = workerData as MathJob;
  if (job.kind === 'enumerate') {
    const p = DEMO_PAR_SHEETS.find((x) => x.gameCode === job.game)!;
    const started = performance.now();
    const tally = tallyScreens(p, p.reels[job.set], job.from, job.to);
    parentPort.postMessage({ tally, ms: performance.now() - started });
  } else {
    parentPort.postMessage(simulate(job));
  }
}
