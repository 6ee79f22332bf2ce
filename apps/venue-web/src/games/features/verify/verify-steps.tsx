import type { FairTrace } from '@nebula/protocol/fair/byte-stream';
import { OutcomeRow } from '../../components/outcome';
import { roundJsonText, type Recomputed, type RoundCheck } from './verify';

const Mark = ({ ok }: { ok: boolean | null }) =>
  ok === null ? (
    <span className="mark mark--na">—</span>
  ) : ok ? (
    <span className="mark mark--ok">✓ 一致</span>
  ) : (
    <span className="mark mark--bad">✗ 不一致</span>
  );

/** The byte stream's blocks and the integers int(n) took from them, rejections included. */
export function TraceSteps({
  trace,
  message,
  seedHex,
}: {
  trace: FairTrace;
  message: string;
  seedHex: string;
}) {
  return (
    <div className="steps">
      <h4 className="steps__title">2. HMAC-SHA256 字节流</h4>
      <p className="steps__note">
        密钥 = 种子的 64 位十六进制文本；消息 = <code>{message}:k</code>
      </p>
      {trace.blocks.map((b) => (
        <div className="steps__block" key={b.k}>
          <p>
            块 {b.k}：HMAC(<code>{seedHex.slice(0, 8)}…</code>, <code>{b.input}</code>)
          </p>
          <code className="hex">{b.hex}</code>
          <p className="steps__words">整数：{b.words.join(', ')}</p>
        </div>
      ))}
      <h4 className="steps__title">3. 取整数 int(n)（拒绝采样）</h4>
      <ol className="steps__draws">
        {trace.draws.map((d, i) => (
          <li key={i} className={d.rejected ? 'steps__draw--rejected' : ''}>
            u = {d.u}
            {d.rejected
              ? ` ≥ 2³² − (2³² mod ${d.n})，舍弃，取下一个`
              : ` → ${d.u} mod ${d.n} = ${d.value}`}
          </li>
        ))}
      </ol>
      {trace.swaps.length > 0 && (
        <p className="steps__note">
          洗牌交换：{trace.swaps.map((s) => `(${s.i}, ${s.j})`).join(' ')}
        </p>
      )}
    </div>
  );
}

/** Every step of one round's check: the chain link, the stream, the draws and the outcome. */
export function RoundSteps({ check }: { check: RoundCheck }) {
  const download = () => {
    const url = URL.createObjectURL(new Blob([roundJsonText(check)], { type: 'application/json' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = `${check.round.gameCode}-${check.round.roundNo}.json`;
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };
  const p = check.previous;
  return (
    <div className="check" data-round={check.round.roundNo}>
      <h4 className="steps__title">1. 哈希链</h4>
      <p className="steps__note">
        链 {check.chain.chainId}，序号 #{check.round.chainIndex}；本期种子 s
        <sub>{check.round.chainIndex}</sub>：
      </p>
      <code className="hex">{check.seed}</code>
      <p className="steps__note">
        SHA256(s<sub>{check.round.chainIndex}</sub>) =
      </p>
      <code className="hex">{check.seedHash}</code>
      <p className="steps__note">
        {p.from === 'commitment' && <>应等于链的公开承诺 s₀：</>}
        {p.from === 'revealed' && <>应等于上一期（序号 #{p.index}）已公开的种子：</>}
        {p.from === 'none' && <>上一期种子不在最近的公开列表中，改为逐步回推到 s₀ 核对。</>}
      </p>
      {p.from !== 'none' && <code className="hex">{p.seed}</code>}
      <p className="check__line">
        <span>
          SHA256(s<sub>i</sub>) = s<sub>i−1</sub>
        </span>
        <Mark ok={check.linkOk} />
      </p>
      <p className="check__line">
        <span>回推 {check.round.chainIndex} 次到 s₀</span>
        <Mark ok={check.commitmentOk} />
      </p>
      <TraceSteps trace={check.trace} message={check.message} seedHex={check.seed} />
      <h4 className="steps__title">4. 结果</h4>
      <p className="check__line">
        复算 <OutcomeRow gameCode={check.round.gameCode} outcome={check.outcome} size={24} />{' '}
        场馆记录{' '}
        {check.round.outcome ? (
          <OutcomeRow gameCode={check.round.gameCode} outcome={check.round.outcome} size={24} />
        ) : (
          '—'
        )}{' '}
        <Mark ok={check.outcomeOk} />
      </p>
      <p
        className={`check__verdict${check.outcomeOk && check.commitmentOk && check.linkOk !== false ? '' : ' check__verdict--bad'}`}
        role="status"
      >
        {check.outcomeOk && check.commitmentOk && check.linkOk !== false
          ? '验证通过：种子属于公开的哈希链，结果与场馆记录一致'
          : '验证未通过：请保存本期数据并联系客服'}
      </p>
      <button type="button" className="btn btn--ghost" onClick={download}>
        下载本期 JSON
      </button>
    </div>
  );
}

/** A free-form recomputation's result (no chain check: the seed is the member's). */
export function FreeSteps({ re, seedHex }: { re: Recomputed; seedHex: string }) {
  return (
    <div className="check">
      <TraceSteps trace={re.trace} message={re.message} seedHex={seedHex} />
      <h4 className="steps__title">4. 结果</h4>
      <p className="check__line" data-outcome={re.outcome.join(',')}>
        <OutcomeRow gameCode={re.message.split(':')[0] ?? ''} outcome={re.outcome} size={24} />
      </p>
    </div>
  );
}
