import { useState } from 'react';
import { parseMoney } from '@nebula/protocol/money/fen';
import type { SpinHistoryItem } from '@nebula/protocol/venue/games/slots-api';
import { EmptyState, ErrorState, ListSkeleton } from '../../../components/states';
import { toast } from '../../../components/toast';
import { ApiError } from '../../../lib/api';
import { dateTimeOf, money } from '../../../lib/format';
import { useStore } from '../../../lib/store';
import { useLoad } from '../../../lib/use-load';
import { go } from '../../lib/route';
import { slotsCalls } from '../../lib/slots-api';
import { slotsStore } from '../../lib/slots-store';

const PAGE = 20;

function SpinRow({ s, name }: { s: SpinHistoryItem; name: string }) {
  const win = parseMoney(s.totalWin);
  const result = win > parseMoney(s.bet) ? 'won' : win > 0n ? 'returned' : 'lost';
  return (
    <li className="gbet" data-spin={s.spinId} data-result={result}>
      <div className="gbet__top">
        <span>{name}</span>
        <span className={`badge ${result === 'won' ? 'badge--win' : 'badge--lose'}`}>
          {result === 'won' ? '赢' : result === 'returned' ? '部分返还' : '未中奖'}
        </span>
      </div>
      <div className="gbet__mid">
        <span>投注 ¥{money(s.bet)}</span>
        <span>派彩 ¥{money(s.totalWin)}</span>
        {s.freeSpins > 0 && <span>免费旋转 {s.freeSpins} 次</span>}
      </div>
      <div className="gbet__bottom">
        <span data-stops={s.stops.join(',')}>停止位 {s.stops.join(', ')}</span>
        <span>{dateTimeOf(s.createdAt)}</span>
      </div>
      <p className="gbet__proof">
        客户端种子 {s.proof.clientSeed} · nonce {s.proof.nonce} ·{' '}
        {s.proof.serverSeed ? '服务端种子已公开' : '服务端种子待公开（更换种子对后可验证）'}
      </p>
      <button
        type="button"
        className="btn btn--ghost gbet__verify"
        onClick={() => go({ page: 'verify', game: s.gameCode, roundNo: s.spinId })}
      >
        验证此局
      </button>
    </li>
  );
}

/**
 * 游戏记录 for slots: the member's spins, newest first, each with its reel stops and its proof
 * (seed pair and nonce), one tap from 公平验证; older pages on demand.
 */
export function SlotRecordsPage() {
  const names = new Map((useStore(slotsStore).games ?? []).map((g) => [g.gameCode, g.name]));
  const first = useLoad('spins', () => slotsCalls.spins({ limit: PAGE }));
  const [more, setMore] = useState<SpinHistoryItem[]>([]);
  const [end, setEnd] = useState(false);
  if (first.state.kind === 'loading') return <ListSkeleton rows={5} />;
  if (first.state.kind === 'error')
    return <ErrorState message={first.state.message} onRetry={() => first.reload()} />;
  const spins = [...first.state.data.spins, ...more];
  if (spins.length === 0) return <EmptyState title="暂无游戏记录" hint="转动一次后在这里查看" />;
  const loadMore = async () => {
    try {
      const page = await slotsCalls.spins({ limit: PAGE, before: spins.at(-1)!.spinId });
      setMore((m) => [...m, ...page.spins]);
      if (page.spins.length < PAGE) setEnd(true);
    } catch (err) {
      toast(err instanceof ApiError ? err.message : String(err));
    }
  };
  return (
    <section className="records" aria-label="游戏记录">
      <h2 className="page-title">游戏记录</h2>
      <ul className="gbets">
        {spins.map((s) => (
          <SpinRow key={s.spinId} s={s} name={names.get(s.gameCode) ?? s.gameCode} />
        ))}
      </ul>
      {!end && first.state.data.spins.length === PAGE && (
        <button type="button" className="btn btn--ghost" onClick={() => void loadMore()}>
          加载更多
        </button>
      )}
    </section>
  );
}
