import { useEffect, useState, type ReactNode } from 'react';
import { outcomeSummary } from '../lib/outcome';
import { DiceRoll, prefersReducedMotion } from './dice';
import { Ball, CAR_COLOURS, OutcomeRow } from './outcome';

const RUN_MS = 2200;

/**
 * The shell every draw animation shares: it plays for a moment, then lands on the outcome (known
 * before it starts: the animation shows it, it never decides it). A tap skips it; with reduced
 * motion it lands at once; once landed it goes by itself.
 */
function Roll({
  runMs,
  running,
  landed,
  onDone,
}: {
  runMs: number;
  running: ReactNode;
  landed: ReactNode;
  onDone: () => void;
}) {
  const [rolling, setRolling] = useState(() => !prefersReducedMotion());
  useEffect(() => {
    if (!rolling) return;
    const t = setTimeout(() => setRolling(false), runMs);
    return () => clearTimeout(t);
  }, [rolling, runMs]);
  useEffect(() => {
    if (rolling) return;
    const t = setTimeout(onDone, 1800);
    return () => clearTimeout(t);
  }, [rolling, onDone]);
  return (
    <button
      type="button"
      className={`roll${rolling ? ' roll--rolling' : ''}`}
      aria-label={rolling ? '跳过开奖动画' : '开奖结果'}
      data-state={rolling ? 'rolling' : 'landed'}
      onClick={() => (rolling ? setRolling(false) : onDone())}
    >
      <span className="roll__title">{rolling ? '开奖中…' : '开奖结果'}</span>
      {rolling ? running : landed}
      {rolling && <span className="roll__skip">点击跳过</span>}
    </button>
  );
}

/** PK10: ten lanes, each car running to its finishing place (冠军 first across the line). */
function Race({ cars }: { cars: readonly number[] }) {
  const lanes = [...cars].sort((a, b) => a - b);
  return (
    <span className="race" aria-hidden="true">
      {lanes.map((car) => {
        const place = cars.indexOf(car);
        return (
          <span className="race__lane" key={car}>
            <span
              className="race__car"
              style={{
                animationDuration: `${(RUN_MS * (0.72 + place * 0.03)) / 1000}s`,
                background: CAR_COLOURS[car - 1],
              }}
            >
              {car}
            </span>
          </span>
        );
      })}
    </span>
  );
}

/** 时时彩: five balls spinning through the digits. */
function SpinningBalls() {
  const [tick, setTick] = useState(0);
  useEffect(() => {
    const t = setInterval(() => setTick((n) => n + 1), 80);
    return () => clearInterval(t);
  }, []);
  return (
    <span className="outcome outcome--digits" aria-hidden="true">
      {[0, 1, 2, 3, 4].map((i) => (
        <Ball key={i} d={(tick * (i + 3) + i * 7) % 10} size={48} />
      ))}
    </span>
  );
}

/** The draw of a lottery game: dice for 快3, the race for PK10, the balls for 时时彩. */
export function DrawRoll({
  gameCode,
  kind,
  outcome,
  onDone,
}: {
  gameCode: string;
  kind: 'dice' | 'cars' | 'digits';
  outcome: readonly number[];
  onDone: () => void;
}) {
  if (kind === 'dice') return <DiceRoll dice={outcome} onDone={onDone} />;
  const landed = (
    <>
      <OutcomeRow gameCode={gameCode} outcome={outcome} size={kind === 'cars' ? 28 : 48} />
      <span className="roll__sum">{outcomeSummary(kind, outcome)}</span>
    </>
  );
  return (
    <Roll
      runMs={RUN_MS}
      running={kind === 'cars' ? <Race cars={outcome} /> : <SpinningBalls />}
      landed={landed}
      onDone={onDone}
    />
  );
}
