import { useCallback, useState } from 'react';
import type { GameLimitsView } from '@nebula/protocol/venue/games/game-bets';
import { EmptyState, ErrorState, ListSkeleton } from '../../../components/states';
import { useStore } from '../../../lib/store';
import { useLoad } from '../../../lib/use-load';
import { DiceRoll } from '../../components/dice';
import { clockOf } from '../../components/round-clock';
import { gamesCalls } from '../../lib/games-api';
import { clearDrawn, gamesStore } from '../../lib/games-store';
import { usePaytable } from '../../lib/paytable';
import { go } from '../../lib/route';
import { useServerNow } from '../../lib/use-server-now';
import { ChaseSheet } from '../slip/chase-sheet';
import { ConfirmSheet } from '../slip/confirm-sheet';
import { GameLinks } from '../slip/game-links';
import { slipProblem, type SlipDraft } from '../slip/slip';
import { SlipBar } from '../slip/slip-bar';
import { betsOf, quickPick, toggle, type K3Bet, type K3Play } from './k3-board';
import { K3BoardView } from './k3-board-view';
import { k3Describe } from './k3-describe';
import { K3Head } from './k3-head';

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
  const [confirming, setConfirming] = useState<SlipDraft | null>(null);
  const [chasing, setChasing] = useState<K3Bet[] | null>(null);
  // A problem belongs to the slip it was found on: any change to the slip clears it.
  const [problemOf, setProblemOf] = useState<{ slip: string; text: string } | null>(null);
  const drawn = s.drawn[gameCode] ?? null;
  const doneDrawing = useCallback(() => clearDrawn(gameCode), [gameCode]);

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
    const draft: SlipDraft = {
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
  const chase = () => {
    if (bets.length === 0) setProblemOf({ slip: slipKey, text: '请选择号码' });
    else setChasing(bets);
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
      <GameLinks gameCode={gameCode} />
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
      <SlipBar
        count={bets.length}
        chosen={chosen.length}
        multiple={multiple}
        onMultiple={setMultiple}
        limits={limits.state}
        onRetryLimits={() => limits.reload()}
        problem={problem}
        clock={clock}
        onQuick={() => setChosen(quickPick(table, play))}
        onClear={() => setChosen([])}
        onConfirm={confirm}
        onChase={chase}
      />
      {confirming && (
        <ConfirmSheet
          draft={confirming}
          gameName={game.name}
          describe={k3Describe(table)}
          onClose={() => setConfirming(null)}
          onPlaced={() => setChosen([])}
          onShowBets={() => go({ page: 'records' })}
        />
      )}
      {chasing && lim && (
        <ChaseSheet
          gameCode={gameCode}
          gameName={game.name}
          bets={chasing}
          multiple={multiple}
          limits={lim}
          onClose={() => setChasing(null)}
          onShowPlans={() => go({ page: 'chases' })}
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
