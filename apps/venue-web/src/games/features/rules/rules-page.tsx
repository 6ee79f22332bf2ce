import { ErrorState, ListSkeleton } from '../../../components/states';
import { useStore } from '../../../lib/store';
import { gamesStore } from '../../lib/games-store';
import { usePaytable } from '../../lib/paytable';
import { LotteryRules } from './lottery-rules';
import { oddsText, percentText, rtpRows } from './rtp';

const DEFINITIONS = [
  '每期开出三个骰子（1–6），按顺序由哈希链种子决定，见「验证」。',
  '和值：三个骰子点数之和（3–18），猜中和值即中。',
  '大：和值 11–17；小：和值 4–10；单、双看和值的奇偶。开出三同号（豹子）时大、小、单、双均不中。',
  '三同号单选：猜指定的三同号（如 444）；三同号通选：开出任意三同号即中。',
  '二同号复选：开出的号码中至少有两个指定号码（如 11*），含三同号。',
  '二不同号：所选两个号码都出现在开奖号码中即中。',
  '三不同号：三个骰子各不相同，且正好是所选的三个号码。',
  '三连号通选：开出 123、234、345、456 之一（任意顺序）即中，其他顺子（如 135）不算。',
  '赔率含本金；投注额 = 注数 × 倍数 × 单价。作废的期不派彩，本金退回。',
];

/**
 * 规则: the paytable as served (its hash computed here and compared with the one the venue
 * states and stores on every round), each bet's exact RTP by enumeration over the 216 dice
 * outcomes, and the definitions of every bet type.
 */
export function RulesPage({ gameCode }: { gameCode: string }) {
  const game = useStore(gamesStore).games?.find((g) => g.gameCode === gameCode) ?? null;
  const p = usePaytable(game?.paytableUrl ?? null);
  if (!game || p.kind === 'loading') return <ListSkeleton rows={6} />;
  if (p.kind === 'error') return <ErrorState message={p.message} onRetry={p.retry} />;
  // PK10 and 时时彩 have their own tables and definitions.
  if (gameCode === 'JSPK10' || gameCode === 'JSSSC')
    return <LotteryRules game={game} paytable={p.paytable} />;
  const { table, hash, url } = p.paytable;
  const rows = rtpRows(table);
  return (
    <section className="rules" aria-label="规则">
      <h2 className="page-title">{game.name} · 规则与赔率</h2>
      <table className="rtp">
        <thead>
          <tr>
            <th>玩法</th>
            <th>选号</th>
            <th>中奖组合</th>
            <th>赔率</th>
            <th>返还率</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={`${r.betType}:${r.pick}`} data-bet={r.betType} data-pick={r.pick}>
              <td>{r.name}</td>
              <td>{r.pickNote || '—'}</td>
              <td>{r.wins}/216</td>
              <td>{oddsText(r.oddsMilli)}</td>
              <td data-rtp={r.rtpBp}>{percentText(r.rtpBp)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="rules__note">
        返还率 = 中奖组合数 ÷ 216 × 赔率，由本页对 216 种骰子结果逐一计算。
      </p>
      <h3 className="page-title page-title--sub">玩法说明</h3>
      <ul className="rules__defs">
        {DEFINITIONS.map((d) => (
          <li key={d}>{d}</li>
        ))}
      </ul>
      <h3 className="page-title page-title--sub">赔率表</h3>
      <div className="chain">
        <p>
          版本 v{table.version} · <code>{url}</code>
        </p>
        <p>SHA-256（本页计算）：</p>
        <code className="hex" data-paytable-hash={hash}>
          {hash}
        </code>
        <p className={hash === game.paytableHash ? 'mark mark--ok' : 'mark mark--bad'}>
          {hash === game.paytableHash
            ? '✓ 与场馆公布并记录在每一期上的哈希一致'
            : '✗ 与场馆公布的哈希不一致'}
        </p>
      </div>
    </section>
  );
}
