import { useEffect, useState } from 'react';
import { formatMoney, parseMoney } from '@nebula/protocol/money/fen';
import type { ParSheet } from '@nebula/protocol/venue/games/slots/par-sheet';
import type { SlotGameView, SlotScreenView } from '@nebula/protocol/venue/games/slots-api';
import { Sheet } from '../../../components/sheet';
import { ErrorState, ListSkeleton } from '../../../components/states';
import { money } from '../../../lib/format';
import { useStore } from '../../../lib/store';
import { useParSheet } from '../../lib/par-sheet';
import { go } from '../../lib/route';
import { soundOn } from '../../lib/slot-sound';
import { durationText, loadSlotGames, slotsStore, slotTally } from '../../lib/slots-store';
import { gameBalance } from '../../lib/wallet-store';
import { themeOf } from './slot-art';
import { SlotReels } from './slot-reels-view';
import { celebrates, winningCells } from './slot-reels';
import { SeedPanel } from './seed-panel';
import { useSlotSpin, type SpinView } from './use-slot-spin';

/** The time played and the net result of this visit, always on screen while playing. */
function Tally() {
  const t = useStore(slotTally);
  const balance = useStore(gameBalance);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, []);
  const net = t.netFen;
  return (
    <div className="slot-tally" aria-label="本次游戏">
      <span>
        本次游戏 <b data-session-time>{durationText(now - t.startedAt)}</b>
      </span>
      <span>
        净输赢{' '}
        <b data-net={net.toString()} className={net < 0n ? 'neg' : net > 0n ? 'pos' : ''}>
          {net < 0n ? '-' : net > 0n ? '+' : ''}¥{money(formatMoney(net < 0n ? -net : net))}
        </b>
      </span>
      <span>
        余额 <b data-slot-balance>{balance === null ? '转动后显示' : `¥${money(balance)}`}</b>
      </span>
    </div>
  );
}

const symbolName = (sheet: ParSheet, id: string) =>
  sheet.symbols.find((s) => s.id === id)?.name ?? id;

function Outcome({ view, sheet }: { view: SpinView; sheet: ParSheet }) {
  const { result, screen } = view;
  if (view.phase === 'waiting' || !result || !screen)
    return (
      <p className="slot-outcome slot-outcome--quiet">
        {view.phase === 'waiting' ? '转动中…' : '选择线注，点击转动'}
      </p>
    );
  const landing = view.run !== null;
  const done = view.phase === 'done';
  const win = parseMoney(result.totalWin);
  const party = done && celebrates(win, parseMoney(result.bet));
  return (
    <div className="slot-outcome" data-phase={view.phase}>
      {view.freeIndex > 0 && (
        <p className="slot-free" data-free={`${view.freeIndex}/${result.free.length}`}>
          免费旋转 {view.freeIndex} / {result.free.length} · ×{screen.multiplier}
        </p>
      )}
      {!landing && <ScreenWins screen={screen} sheet={sheet} />}
      {!landing && view.freeIndex === 0 && result.free.length > 0 && (
        <p className="slot-free">获得免费旋转 {result.free.length} 次</p>
      )}
      {done &&
        (party ? (
          <p className="slot-banner" role="status" data-total={result.totalWin}>
            赢得 ¥{money(result.totalWin)}
          </p>
        ) : (
          <p className="slot-plain" role="status" data-total={result.totalWin}>
            {win > 0n ? `返还 ¥${money(result.totalWin)}（投注 ¥${money(result.bet)}）` : '未中奖'}
          </p>
        ))}
    </div>
  );
}

function ScreenWins({ screen, sheet }: { screen: SlotScreenView; sheet: ParSheet }) {
  if (screen.lines.length === 0 && screen.scatters < 3) return null;
  return (
    <ul className="slot-wins">
      {screen.lines.map((l) => (
        <li key={l.line} data-line={l.line + 1}>
          线 {l.line + 1} · {symbolName(sheet, l.symbol)} × {l.count} · ¥{money(l.win)}
        </li>
      ))}
      {screen.scatters >= 3 && (
        <li data-scatter={screen.scatters}>
          {symbolName(sheet, 'S')} × {screen.scatters} · ¥{money(screen.scatterWin)}
        </li>
      )}
    </ul>
  );
}

function Machine({ game, sheet }: { game: SlotGameView; sheet: ParSheet }) {
  const { view, spin, onLanded, busy } = useSlotSpin(game.gameCode, sheet);
  const [lineBet, setLineBet] = useState(game.lineBets[0] ?? '0.01');
  const [seeds, setSeeds] = useState(false);
  const sound = useStore(soundOn);
  const screen = view.run ? null : view.screen;
  const cells = screen ? winningCells(sheet.lines, screen.lines) : new Set<string>();
  const pulse =
    view.phase === 'done' &&
    !!view.result &&
    celebrates(parseMoney(view.result.totalWin), parseMoney(view.result.bet));
  const totalText = formatMoney(parseMoney(lineBet) * BigInt(game.lineCount));
  return (
    <section
      className="slot"
      data-phase={view.phase}
      aria-label={game.name}
      style={{ background: themeOf(game.gameCode).bg }}
    >
      <header className="slot__head">
        <h2 className="slot__name">{game.name}</h2>
        <button
          type="button"
          className="slot__tool"
          aria-pressed={sound}
          onClick={() => soundOn.set(!sound)}
        >
          {sound ? '声音 开' : '声音 关'}
        </button>
        <button type="button" className="slot__tool" onClick={() => setSeeds(true)}>
          公平设置
        </button>
      </header>
      <Tally />
      <SlotReels
        gameCode={game.gameCode}
        sheet={sheet}
        shown={view.shown}
        run={view.run}
        cells={cells}
        lines={screen ? screen.lines.map((l) => sheet.lines[l.line]!) : []}
        pulse={pulse}
        onLanded={onLanded}
      />
      <Outcome view={view} sheet={sheet} />
      <div className="slot-bets" role="group" aria-label="线注">
        {game.lineBets.map((b) => (
          <button
            type="button"
            key={b}
            className={`chip${b === lineBet ? ' chip--on' : ''}`}
            aria-pressed={b === lineBet}
            disabled={busy}
            onClick={() => setLineBet(b)}
          >
            {money(b)}
          </button>
        ))}
      </div>
      <p className="slot-total">
        {game.lineCount} 线 × 线注 ¥{money(lineBet)} = 总投注{' '}
        <b data-total-bet>¥{money(totalText)}</b>
      </p>
      <button
        type="button"
        className="slot-spin"
        disabled={busy}
        data-busy={busy ? 'true' : 'false'}
        onClick={() => void spin(lineBet)}
      >
        {busy ? '转动中' : `转动 ¥${money(totalText)}`}
      </button>
      <p className="slot-links">
        <button type="button" className="link-btn" onClick={() => go({ page: 'records' })}>
          游戏记录
        </button>
        <button
          type="button"
          className="link-btn"
          onClick={() => go({ page: 'rules', game: game.gameCode })}
        >
          规则与返还率
        </button>
      </p>
      <Sheet title="公平设置" open={seeds} onClose={() => setSeeds(false)}>
        <SeedPanel />
      </Sheet>
    </section>
  );
}

/** A slot's game page: its reels from the served par sheet (hash checked) and the spin. */
export function SlotPage({ gameCode }: { gameCode: string }) {
  const s = useStore(slotsStore);
  useEffect(() => void loadSlotGames(), []);
  const game = s.games?.find((g) => g.gameCode === gameCode) ?? null;
  const p = useParSheet(game?.parSheetUrl ?? null);
  if (s.error && !s.games)
    return <ErrorState message={s.error} onRetry={() => void loadSlotGames(true)} />;
  if (!game || p.kind === 'loading') return <ListSkeleton rows={5} />;
  if (p.kind === 'error') return <ErrorState message={p.message} onRetry={p.retry} />;
  if (p.loaded.hash !== game.parSheetHash) {
    // Never play on rules other than the ones committed to.
    return (
      <ErrorState
        message="规则表哈希与场馆公布的不一致，已停止游戏"
        onRetry={() => location.reload()}
      />
    );
  }
  return <Machine game={game} sheet={p.loaded.sheet} />;
}
