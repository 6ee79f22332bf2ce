import { useCallback, useMemo, useState } from 'react';
import type { GameLimitsView } from '@nebula/protocol/venue/games/game-bets';
import type { LotteryPaytable, Pk10BetType } from '@nebula/protocol/venue/games/pk10-paytable';
import type { SscBetType } from '@nebula/protocol/venue/games/ssc-paytable';
import { EmptyState, ErrorState, ListSkeleton } from '../../../components/states';
import { useStore } from '../../../lib/store';
import { useLoad } from '../../../lib/use-load';
import { DrawRoll } from '../../components/draw-roll';
import { clockOf } from '../../components/round-clock';
import { gamesCalls } from '../../lib/games-api';
import { clearDrawn, gamesStore } from '../../lib/games-store';
import { outcomeKind } from '../../lib/outcome';
import { usePaytable } from '../../lib/paytable';
import { go } from '../../lib/route';
import { useServerNow } from '../../lib/use-server-now';
import { K3Head } from '../k3/k3-head';
import { ChaseSheet } from '../slip/chase-sheet';
import { ConfirmSheet } from '../slip/confirm-sheet';
import { GameLinks } from '../slip/game-links';
import { slipProblem, type SlipDraft } from '../slip/slip';
import { SlipBar } from '../slip/slip-bar';
import { lotteryBets, lotteryQuickPick, playOf, type LotteryBoard } from './lottery-board';
import { LotteryBoardView } from './lottery-board-view';
import { pk10Board } from './pk10-board';
import { sscBoard } from './ssc-board';

/** The board of a game from the paytable the venue served (its bytes hashed by the page). */
function boardFor(gameCode: string, table: unknown): LotteryBoard | null {
  if (gameCode === 'JSPK10') return pk10Board(table as LotteryPaytable<Pk10BetType>);
  if (gameCode === 'JSSSC') return sscBoard(table as LotteryPaytable<SscBetType>);
  return null;
}

/**
 * 极速PK10's and 极速时时彩's bet page: the round and its countdown, the last result, the board,
 * the slip (注数 × 倍数 × 单价), 追号, and the draw (the race, the balls) when a result arrives.
 */
export function LotteryPage({ gameCode }: { gameCode: string }) {
  const s = useStore(gamesStore);
  const now = useServerNow();
  const game = s.games?.find((g) => g.gameCode === gameCode) ?? null;
  const paytable = usePaytable(game?.paytableUrl ?? null);
  const limits = useLoad<GameLimitsView>(`limits:${gameCode}`, () => gamesCalls.limits(gameCode));
  const [play, setPlay] = useState('position');
  const [chosen, setChosen] = useState<string[]>([]);
  const [multiple, setMultiple] = useState(1);
  const [sheet, setSheet] = useState<'confirm' | 'chase' | null>(null);
  const [draft, setDraft] = useState<SlipDraft | null>(null);
  const [problemOf, setProblemOf] = useState<{ slip: string; text: string } | null>(null);
  const drawn = s.drawn[gameCode] ?? null;
  const doneDrawing = useCallback(() => clearDrawn(gameCode), [gameCode]);
  const table = paytable.kind === 'ready' ? paytable.paytable.table : null;
  const board = useMemo(() => (table ? boardFor(gameCode, table) : null), [gameCode, table]);

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
  if (!board) return <ListSkeleton rows={4} />;
  const lim = limits.state.kind === 'ready' ? limits.state.data : null;
  const clock = clockOf(game, now);
  const bets = lotteryBets(board, play, chosen);
  const slipKey = `${play}|${chosen.join(',')}|${multiple}`;
  const problem = problemOf?.slip === slipKey ? problemOf.text : null;
  const open = (kind: 'confirm' | 'chase') => {
    if (!lim || (kind === 'confirm' && clock.kind !== 'open')) return;
    const d: SlipDraft = {
      gameCode,
      roundNo: clock.kind === 'open' ? clock.roundNo : '',
      bets,
      multiple,
      unitPrice: lim.unitPrice,
    };
    const p = kind === 'confirm' ? slipProblem(d, lim) : bets.length === 0 ? '请选择号码' : null;
    if (p) return setProblemOf({ slip: slipKey, text: p });
    setDraft(d);
    setSheet(kind);
  };
  const kind = outcomeKind(gameCode);
  return (
    <div className="k3 lot" data-game={gameCode}>
      <K3Head
        game={game}
        clock={clock}
        last={s.last[gameCode]}
        drawing={drawn !== null && drawn.roundNo === s.last[gameCode]?.roundNo}
        onResults={() => go({ page: 'results', game: gameCode })}
      />
      <GameLinks gameCode={gameCode} />
      <LotteryBoardView
        board={board}
        play={playOf(board, play).id}
        chosen={chosen}
        disabled={clock.kind !== 'open'}
        onPlay={(p) => {
          setPlay(p);
          setChosen([]);
        }}
        onToggle={(k) => setChosen((c) => (c.includes(k) ? c.filter((x) => x !== k) : [...c, k]))}
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
        onQuick={() => setChosen(lotteryQuickPick(board, play))}
        onClear={() => setChosen([])}
        onConfirm={() => open('confirm')}
        onChase={() => open('chase')}
      />
      {sheet === 'confirm' && draft && (
        <ConfirmSheet
          draft={draft}
          gameName={game.name}
          describe={board.describe}
          onClose={() => setSheet(null)}
          onPlaced={() => setChosen([])}
          onShowBets={() => go({ page: 'records' })}
        />
      )}
      {sheet === 'chase' && draft && lim && (
        <ChaseSheet
          gameCode={gameCode}
          gameName={game.name}
          bets={draft.bets}
          multiple={multiple}
          limits={lim}
          onClose={() => setSheet(null)}
          onShowPlans={() => go({ page: 'chases' })}
        />
      )}
      {drawn?.outcome && (
        <div className="roll-layer" data-round={drawn.roundNo}>
          <DrawRoll
            key={drawn.roundNo}
            gameCode={gameCode}
            kind={kind}
            outcome={drawn.outcome}
            onDone={doneDrawing}
          />
        </div>
      )}
    </div>
  );
}
