import { useMemo } from 'react';
import type { GameView } from '@nebula/protocol/venue/games/games';
import type { LotteryPaytable, Pk10BetType } from '@nebula/protocol/venue/games/pk10-paytable';
import type { SscBetType } from '@nebula/protocol/venue/games/ssc-paytable';
import type { LoadedPaytable } from '../../lib/paytable';
import { pk10RtpRows, sscRtpRows } from './lottery-rtp';
import { oddsText, percentText } from './rtp';

const DEFINITIONS: Record<string, string[]> = {
  JSPK10: [
    '每期将 1–10 号赛车按哈希链种子洗牌（Fisher–Yates），第一位为冠军，依次到第十名，见「验证」。',
    '定位胆：猜某一名次的车号。大小单双：某一名次的车号 6–10 为大、1–5 为小，单双看车号。',
    '龙虎：第 k 名（k = 1–5）对第 11−k 名，车号大者为龙，小者为虎。',
    '冠亚和：冠军与亚军车号之和（3–19）；冠亚和大 ≥ 12，冠亚和小 ≤ 11。',
    '赔率含本金；投注额 = 注数 × 倍数 × 单价。作废的期不派彩，本金退回。',
  ],
  JSSSC: [
    '每期开出五个数字（万 千 百 十 个，各 0–9），按顺序由哈希链种子决定，见「验证」。',
    '定位：猜某一位的数字。总和：五个数字之和，大 23–45、小 0–22，单双看总和。',
    '龙虎和：万位大于个位为龙，小于为虎，相等为和；开和时龙、虎均不中。',
    '前三 / 中三 / 后三：万千百 / 千百十 / 百十个三个数字（9 与 0 视为相邻）。豹子三个相同；对子恰有两个相同；顺子三个不同且相连（任意顺序，含 890、901）；半顺三个不同、不是顺子、其中两个相邻；杂六其余。',
    '赔率含本金；投注额 = 注数 × 倍数 × 单价。作废的期不派彩，本金退回。',
  ],
};

/**
 * 规则 of PK10 and 时时彩: each bet's exact RTP by enumeration from the paytable bytes the page
 * fetched, the definitions, and the paytable's hash against the one the venue states.
 */
export function LotteryRules({ game, paytable }: { game: GameView; paytable: LoadedPaytable }) {
  const { table, hash, url } = paytable;
  const rows = useMemo(
    () =>
      game.gameCode === 'JSPK10'
        ? pk10RtpRows(table as unknown as LotteryPaytable<Pk10BetType>)
        : sscRtpRows(table as unknown as LotteryPaytable<SscBetType>),
    [game.gameCode, table],
  );
  const outOf = game.gameCode === 'JSPK10' ? '90 种冠亚（或对位）排列' : '10^5 种开奖结果';
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
              <td>
                {r.wins}/{r.outOf}
              </td>
              <td>{oddsText(r.oddsMilli)}</td>
              <td data-rtp={r.rtpBp}>{percentText(r.rtpBp)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="rules__note">
        返还率 = 中奖组合数 ÷ 组合总数 × 赔率，由本页对{outOf}逐一计算。
      </p>
      <h3 className="page-title page-title--sub">玩法说明</h3>
      <ul className="rules__defs">
        {(DEFINITIONS[game.gameCode] ?? []).map((d) => (
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
