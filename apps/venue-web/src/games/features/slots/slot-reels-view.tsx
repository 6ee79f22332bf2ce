import { useEffect, useEffectEvent, useLayoutEffect, useRef } from 'react';
import type { ParSheet } from '@nebula/protocol/venue/games/slots/par-sheet';
import { reelStopBeep } from '../../lib/slot-sound';
import { SlotSymbolArt } from './slot-art';
import { landAt, PASSES, reelColumn } from './slot-reels';

/** One animated run of the five reels to the server's stops. */
export interface ReelRun {
  id: number;
  strips: readonly string[][];
  stops: readonly number[];
  window: readonly string[][];
  ms: number;
}

const nameOf = (sheet: ParSheet, id: string) => sheet.symbols.find((s) => s.id === id)?.name ?? id;

function Reel({
  index,
  column,
  run,
  gameCode,
  sheet,
  cells,
  pulse,
}: {
  index: number;
  column: string[];
  run: ReelRun | null;
  gameCode: string;
  sheet: ParSheet;
  cells: ReadonlySet<string>;
  pulse: boolean;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const runId = run?.id ?? null;
  // The column starts scrolled to its bottom (the rows shown before) and slides down to its top
  // (the rows landed on); translateY in % of the column's own height.
  const animate = useEffectEvent(() => {
    const el = ref.current;
    if (!el) return;
    el.style.transition = 'none';
    if (!run) {
      el.style.transform = 'translateY(0)';
      return;
    }
    el.style.transform = `translateY(${(-100 * (column.length - 3)) / column.length}%)`;
    void el.offsetHeight;
    el.style.transition = `transform ${landAt(index, run.ms)}ms cubic-bezier(0.2, 0.75, 0.3, 1.04)`;
    el.style.transform = 'translateY(0)';
  });
  // The run is named by its id: a new column for the same run is the same animation.
  useLayoutEffect(() => animate(), [runId]);
  return (
    <div className="reel" data-reel={index} data-stop={run ? run.stops[index] : undefined}>
      <div className="reel__col" ref={ref}>
        {column.map((id, i) => {
          const win = !run && i < 3 && cells.has(`${index}:${i}`);
          return (
            <div
              key={i}
              className={`cell${win ? ' cell--win' : ''}${win && pulse ? ' cell--pulse' : ''}`}
              data-row={i < 3 ? i : undefined}
            >
              <SlotSymbolArt gameCode={gameCode} id={id} name={nameOf(sheet, id)} size={60} />
            </div>
          );
        })}
      </div>
    </div>
  );
}

/**
 * The 5 × 3 reel window. At rest it shows `shown`; given a run it spins each reel down its own
 * strip to the run's stops, reel 1 first, then calls `onLanded` once. Winning cells are
 * outlined; they pulse only when the spin returned more than its stake (`pulse`).
 */
export function SlotReels({
  gameCode,
  sheet,
  shown,
  run,
  cells,
  lines,
  pulse,
  onLanded,
}: {
  gameCode: string;
  sheet: ParSheet;
  shown: readonly string[][];
  run: ReelRun | null;
  cells: ReadonlySet<string>;
  /** Winning paylines' rows, drawn over the window at rest. */
  lines: readonly (readonly number[])[];
  pulse: boolean;
  onLanded: (runId: number) => void;
}) {
  const landed = useEffectEvent(onLanded);
  const runId = run?.id ?? null;
  const ms = run?.ms ?? 0;
  useEffect(() => {
    if (runId === null) return;
    const timers = [0, 1, 2, 3, 4].map((r) => setTimeout(reelStopBeep, landAt(r, ms)));
    timers.push(setTimeout(() => landed(runId), ms));
    return () => timers.forEach(clearTimeout);
  }, [runId, ms]);
  return (
    <div className="reels" data-running={run ? 'true' : 'false'}>
      {[0, 1, 2, 3, 4].map((r) => (
        <Reel
          key={r}
          index={r}
          run={run}
          gameCode={gameCode}
          sheet={sheet}
          cells={cells}
          pulse={pulse}
          column={
            run
              ? reelColumn(
                  run.strips[r]!,
                  run.stops[r]!,
                  run.window[r]!,
                  shown[r] ?? [],
                  PASSES + 3 * r,
                )
              : [...(shown[r] ?? [])]
          }
        />
      ))}
      {!run && lines.length > 0 && (
        <svg className="reels__lines" viewBox="0 0 500 300" preserveAspectRatio="none" aria-hidden>
          {lines.map((rows, i) => (
            <polyline
              key={i}
              points={rows.map((row, reel) => `${reel * 100 + 50},${row * 100 + 50}`).join(' ')}
              fill="none"
              stroke={LINE_COLOURS[i % LINE_COLOURS.length]}
              strokeWidth="6"
              strokeLinejoin="round"
              strokeLinecap="round"
              opacity="0.85"
            />
          ))}
        </svg>
      )}
    </div>
  );
}

const LINE_COLOURS = ['#ffd54f', '#4fc3f7', '#81c784', '#f06292', '#ba68c8', '#ff8a65'];
