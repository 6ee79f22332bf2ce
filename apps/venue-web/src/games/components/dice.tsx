import { useEffect, useState } from 'react';

/** Pip positions on a 24-unit face, by the number shown. */
const PIPS: Record<number, [number, number][]> = {
  1: [[12, 12]],
  2: [
    [7, 7],
    [17, 17],
  ],
  3: [
    [6, 6],
    [12, 12],
    [18, 18],
  ],
  4: [
    [7, 7],
    [17, 7],
    [7, 17],
    [17, 17],
  ],
  5: [
    [6, 6],
    [18, 6],
    [12, 12],
    [6, 18],
    [18, 18],
  ],
  6: [
    [7, 6],
    [17, 6],
    [7, 12],
    [17, 12],
    [7, 18],
    [17, 18],
  ],
};

/** One die as drawn SVG (no image request); 1 and 4 in red as Chinese dice are. */
export function Die({ value, size = 28 }: { value: number; size?: number }) {
  const red = value === 1 || value === 4;
  return (
    <svg
      className="die"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      role="img"
      aria-label={String(value)}
      data-die={value}
    >
      <rect x="0.75" y="0.75" width="22.5" height="22.5" rx="5" fill="#fff" stroke="#d5d9e0" />
      {(PIPS[value] ?? []).map(([x, y], i) => (
        <circle
          key={i}
          cx={x}
          cy={y}
          r={value === 1 ? 3.2 : 2.1}
          fill={red ? '#e5303f' : '#1f2329'}
        />
      ))}
    </svg>
  );
}

export function DiceRow({ dice, size }: { dice: readonly number[]; size?: number }) {
  return (
    <span className="dice" data-dice={dice.join(',')}>
      {dice.map((d, i) => (
        <Die key={i} value={d} size={size} />
      ))}
    </span>
  );
}

/** 和值 and its 大小单双 (a triple is 豹子: it loses 大小单双). */
export function sumLabels(dice: readonly number[]): {
  sum: number;
  bigSmall: string;
  oddEven: string;
} {
  const sum = dice.reduce((a, b) => a + b, 0);
  const triple = dice.length === 3 && dice[0] === dice[1] && dice[1] === dice[2];
  if (triple) return { sum, bigSmall: '豹子', oddEven: '豹子' };
  return { sum, bigSmall: sum >= 11 ? '大' : '小', oddEven: sum % 2 === 1 ? '单' : '双' };
}

export function prefersReducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}

const ROLL_MS = 1400;

/**
 * The draw: the dice tumble for a moment, then land on the outcome (which is already known: the
 * animation shows it, it never decides it). A tap skips it; with reduced motion it is skipped.
 */
export function DiceRoll({ dice, onDone }: { dice: readonly number[]; onDone: () => void }) {
  const [rolling, setRolling] = useState(() => !prefersReducedMotion());
  const [faces, setFaces] = useState(() => dice.map((d) => ((d + 2) % 6) + 1));
  useEffect(() => {
    if (!rolling) return;
    const spin = setInterval(() => setFaces((f) => f.map((x, i) => ((x + i) % 6) + 1)), 90);
    const stop = setTimeout(() => setRolling(false), ROLL_MS);
    return () => {
      clearInterval(spin);
      clearTimeout(stop);
    };
  }, [rolling]);
  useEffect(() => {
    if (rolling) return;
    const t = setTimeout(onDone, 1800);
    return () => clearTimeout(t);
  }, [rolling, onDone]);
  const labels = sumLabels(dice);
  return (
    <button
      type="button"
      className={`roll${rolling ? ' roll--rolling' : ''}`}
      aria-label={rolling ? '跳过开奖动画' : '开奖结果'}
      data-state={rolling ? 'rolling' : 'landed'}
      onClick={() => (rolling ? setRolling(false) : onDone())}
    >
      <span className="roll__title">{rolling ? '开奖中…' : '开奖结果'}</span>
      <DiceRow dice={rolling ? faces : dice} size={56} />
      {rolling ? (
        <span className="roll__skip">点击跳过</span>
      ) : (
        <span className="roll__sum">
          和值 {labels.sum} · {labels.bigSmall} {labels.oddEven}
        </span>
      )}
    </button>
  );
}
