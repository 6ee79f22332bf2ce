import { useCallback, useState } from 'react';
import type { GameLimitsView } from '@nebula/protocol/venue/games/game-bets';
import { EmptyState, ErrorState, ListSkeleton } from '../../../components/states';
import { money } from '../../../lib/format';
import { useStore } from '../../../lib/store';
import { useLoad } from '../../../lib/use-load';
import { DiceRoll } from '../../components/dice';
import { clockOf } from '../../components/round-clock';
import { gamesCalls } from '../../lib/games-api';
import { clearDrawn, gamesStore } from '../../lib/games-store';
import { usePaytable } from '../../lib/paytable';
import { go } from '../../lib/route';
import { useServerNow } from '../../lib/use-server-now';
import { betsOf, quickPick, toggle, type K3Play } from './k3-board';
import { K3BoardView } from './k3-board-view';
import { K3ConfirmSheet } from './k3-confirm';
import { K3Head } from './k3-head';
import { slipProblem, slipTotal, type K3Draft } from './k3-slip';

/** 倍数 field: digits only, at least 1 when confirmed. */
function MultipleInput({
  value,
  onChange,
  max,
}: {
  value: number;
  onChange: (n: number) => void;
  max: number;
}) {
  return (
    <span className="stepper">
      <button type="button" aria-label="减少倍数" onClick={() => onChange(Math.max(1, value - 1))}>
        −
      </button>
      <input
        aria-label="倍数"
        inputMode="numeric"
        value={value === 0 ? '' : String(value)}
        onChange={(e) => {
          const n = Number(e.target.value.replace(/\D/g, '').slice(0, 6));
          onChange(Math.min(n, max));
        }}
      />
      <button
        type="button"
        aria-label="增加倍数"
        onClick={() => onChange(Math.min(max, value + 1))}
      >
        +
      </button>
    </span>
  );
}

/** 极速快3's bet page: the round and its countdown, the last result, the board and the slip. */
export function K3Page({ gameCode }: { gameCode: string }) {
  const s = useStore(gamesStore);
  const now = useServerNow();
  const game = s.games?.find((g) => g.gameCode === gameCode) ?? null;
  const paytable = usePaytable(game?.paytableUrl ?? null);
  const limits = useLoad<GameLimitsView>(`limits:${gameCode}`, () => gamesCalls.limits(gameCode));
  const [play, setPlay] = useState<K3Play>('sum');
  const [chosen, setChosen] = useState<string[]>([]);
  const [multiple, setMultiple] = useState(1);
  const [confirming, setConfirming] = useState<K3Draft | null>(null);
  // A problem belongs to the slip it was found on: any change to the slip clears it.
  const [problemOf, setProblemOf] = useState<{ slip: string; text: string } | null>(null);
  const drawn = s.drawn?.gameCode === gameCode ? s.drawn.round : null;
  const doneDrawing = useCallback(() => clearDrawn(), []);

  if (s.games === null) return <ListSkeleton rows={4} />;
  if (!game)
    return (
      <EmptyState
        title="游戏不存在"
        action={{ label: '返回大厅', onClick: () => go({ page: 'lobby' }) }}
      />
    );
  if (paytable.kind === 'error')
    return <ErrorState message={paytable.message} onRetry={paytable.retry} />;
  if (paytable.kind === 'loading') return <ListSkeleton rows={4} />;
  const table = paytable.paytable.table;
  // The board shows without the stake rules; the slip waits for them (单价 is the venue's).
  const lim = limits.state.kind === 'ready' ? limits.state.data : null;
  const clock = clockOf(game, now);
  const bets = betsOf(play, chosen);
  const open = clock.kind === 'open';
  const slipKey = `${play}|${chosen.join(',')}|${multiple}`;
  const problem = problemOf?.slip === slipKey ? problemOf.text : null;
  const confirm = () => {
    if (clock.kind !== 'open' || !lim) return;
    const draft: K3Draft = {
      gameCode,
      roundNo: clock.roundNo,
      bets,
      multiple,
      unitPrice: lim.unitPrice,
    };
    const p = slipProblem(draft, lim);
    if (p) setProblemOf({ slip: slipKey, text: p });
    else setConfirming(draft);
  };
  return (
    <div className="k3" data-game={gameCode}>
      <K3Head
        game={game}
        clock={clock}
        last={s.last[gameCode]}
        drawing={drawn !== null && drawn.roundNo === s.last[gameCode]?.roundNo}
        onResults={() => go({ page: 'results', game: gameCode })}
      />
      <K3BoardView
        table={table}
        play={play}
        chosen={chosen}
        disabled={!open}
        onPlay={(p) => {
          setPlay(p);
          setChosen([]);
        }}
        onToggle={(k) => setChosen((c) => toggle(c, k))}
      />
      <section className="k3-slip" aria-label="投注单">
        {lim ? (
          <div className="k3-slip__line">
            <span>
              <b data-count={bets.length}>{bets.length}</b> 注 ×
            </span>
            <MultipleInput value={multiple} onChange={setMultiple} max={lim.maxMultiple} />
            <span>倍 × ¥{money(lim.unitPrice)} =</span>
            <b
              className="k3-slip__total"
              data-total={slipTotal(bets.length, multiple, lim.unitPrice)}
            >
              ¥{money(slipTotal(bets.length, multiple, lim.unitPrice))}
            </b>
          </div>
        ) : (
          <p
            className="k3-slip__problem"
            role={limits.state.kind === 'error' ? 'alert' : undefined}
          >
            {limits.state.kind === 'error'
              ? `投注规则加载失败：${limits.state.message}`
              : '加载投注规则…'}
            {limits.state.kind === 'error' && (
              <button type="button" className="link-btn" onClick={() => limits.reload()}>
                重试
              </button>
            )}
          </p>
        )}
        {problem && (
          <p className="k3-slip__problem" role="alert">
            {problem}
          </p>
        )}
        <div className="k3-slip__actions">
          <button
            type="button"
            className="btn btn--ghost"
            disabled={!open}
            onClick={() => setChosen(quickPick(table, play))}
          >
            机选
          </button>
          <button
            type="button"
            className="btn btn--ghost"
            disabled={chosen.length === 0}
            onClick={() => setChosen([])}
          >
            清空
          </button>
          <button
            type="button"
            className="btn btn--primary btn--grow"
            disabled={!open || !lim || bets.length === 0}
            onClick={confirm}
          >
            {open ? '确认投注' : clock.kind === 'sealed' ? '已封盘' : '暂停投注'}
          </button>
        </div>
      </section>
      {confirming && (
        <K3ConfirmSheet
          draft={confirming}
          table={table}
          onClose={() => setConfirming(null)}
          onPlaced={() => setChosen([])}
          onShowBets={() => go({ page: 'records' })}
        />
      )}
      {drawn?.outcome && (
        <div className="roll-layer" data-round={drawn.roundNo}>
          <DiceRoll key={drawn.roundNo} dice={drawn.outcome} onDone={doneDrawing} />
        </div>
      )}
    </div>
  );
}
