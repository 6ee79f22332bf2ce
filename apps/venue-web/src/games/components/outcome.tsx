import { outcomeKind, outcomeSummary } from '../lib/outcome';
import { DiceRow } from './dice';

/** PK10's car colours by number (the colours the race is known by). */
export const CAR_COLOURS = [
  '#e6c200',
  '#1e88e5',
  '#4a4a4a',
  '#f57c00',
  '#26a69a',
  '#3949ab',
  '#9e9e9e',
  '#e53935',
  '#8e1b1b',
  '#43a047',
];

/** One PK10 car number on its colour. */
export function Car({ n, size = 22 }: { n: number; size?: number }) {
  return (
    <span
      className="car"
      data-car={n}
      style={{ width: size, height: size, background: CAR_COLOURS[n - 1] ?? '#666' }}
    >
      {n}
    </span>
  );
}

/** One 时时彩 digit as a ball. */
export function Ball({ d, size = 22 }: { d: number; size?: number }) {
  return (
    <span className="digit" data-digit={d} style={{ width: size, height: size }}>
      {d}
    </span>
  );
}

/** An outcome drawn by its game: dice, the cars in finishing order, or the five digits. */
export function OutcomeRow({
  gameCode,
  outcome,
  size = 24,
}: {
  gameCode: string;
  outcome: readonly number[];
  size?: number;
}) {
  const kind = outcomeKind(gameCode, outcome);
  if (kind === 'dice') return <DiceRow dice={outcome} size={size} />;
  const small = kind === 'cars' ? Math.min(size, 24) : size;
  return (
    <span className={`outcome outcome--${kind}`} data-outcome={outcome.join(',')}>
      {outcome.map((v, i) =>
        kind === 'cars' ? <Car key={i} n={v} size={small} /> : <Ball key={i} d={v} size={small} />,
      )}
    </span>
  );
}

/** The outcome's one-line reading (和值 / 冠亚和 / 总和 and their 大小单双). */
export function OutcomeSummary({
  gameCode,
  outcome,
}: {
  gameCode: string;
  outcome: readonly number[];
}) {
  return (
    <span className="outcome__sum">{outcomeSummary(outcomeKind(gameCode, outcome), outcome)}</span>
  );
}
