import { useState } from 'react';
import { isHex } from '@nebula/protocol/fair/bytes';
import type { ChainView } from '@nebula/protocol/venue/games/games';
import { ErrorState, ListSkeleton } from '../../../components/states';
import { ApiError } from '../../../lib/api';
import { dateTimeOf } from '../../../lib/format';
import { useLoad } from '../../../lib/use-load';
import { gamesCalls } from '../../lib/games-api';
import { go } from '../../lib/route';
import { checkRound, recompute, type Recomputed, type RoundCheck } from './verify';
import { FreeSteps, RoundSteps } from './verify-steps';

/** Loads a round and its chain and checks it here, in the browser. */
export async function loadCheck(gameCode: string, roundNo: string): Promise<RoundCheck> {
  const [round, chains] = await Promise.all([
    gamesCalls.round(gameCode, roundNo),
    gamesCalls.chain(gameCode),
  ]);
  if (round.seed === null) throw new ApiError(8071, '该期尚未开奖，开奖后才能验证');
  const chain = chains.chains.find((c) => c.chainId === round.chainId);
  if (!chain) throw new ApiError(8071, '找不到该期所属的哈希链');
  return checkRound(round, chain);
}

function ChainFacts({ chain }: { chain: ChainView }) {
  return (
    <div className="chain">
      <p>
        链 <b>{chain.chainId}</b> · 长度 N = {chain.length} · 剩余 {chain.roundsLeft} 期
      </p>
      <p>公开时间 {dateTimeOf(chain.publishedAt)}</p>
      <p>承诺 s₀：</p>
      <code className="hex" data-commitment>
        {chain.commitment}
      </code>
    </div>
  );
}

function FreeForm() {
  const [seed, setSeed] = useState('');
  const [game, setGame] = useState('JSK3');
  const [roundNo, setRoundNo] = useState('');
  const [result, setResult] = useState<{ re: Recomputed; seed: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const run = () => {
    const s = seed.trim().toLowerCase();
    if (!isHex(s) || s.length !== 64) return setError('种子须为 64 位十六进制');
    if (!/^[1-9][0-9]{0,19}$/.test(roundNo.trim())) return setError('期号须为数字');
    setError(null);
    setResult({ re: recompute(game, s, roundNo.trim()), seed: s });
  };
  return (
    <section className="verify__free" aria-label="自由验证">
      <h3 className="verify__h">自由验证</h3>
      <label className="field">
        <span>种子（64 位十六进制）</span>
        <input
          value={seed}
          onChange={(e) => setSeed(e.target.value)}
          spellCheck={false}
          autoComplete="off"
        />
      </label>
      <label className="field">
        <span>游戏</span>
        <select value={game} onChange={(e) => setGame(e.target.value)}>
          <option value="JSK3">极速快3 JSK3</option>
          <option value="JSPK10">极速PK10 JSPK10</option>
          <option value="JSSSC">极速时时彩 JSSSC</option>
        </select>
      </label>
      <label className="field">
        <span>期号</span>
        <input value={roundNo} inputMode="numeric" onChange={(e) => setRoundNo(e.target.value)} />
      </label>
      {error && (
        <p className="k3-confirm__error" role="alert">
          {error}
        </p>
      )}
      <button type="button" className="btn btn--ghost" onClick={run}>
        计算结果
      </button>
      {result && <FreeSteps re={result.re} seedHex={result.seed} />}
    </section>
  );
}

/**
 * 公平验证: a round number → its revealed seed checked against the chain and its outcome
 * recomputed here with the protocol's functions (docs/contract.md §10.6–§10.8); the chain's
 * commitment; a free-form mode; each round downloadable as JSON for docs/fair-verifier.html.
 */
function RoundForm({ gameCode, roundNo }: { gameCode: string; roundNo: string | null }) {
  const [typed, setTyped] = useState(roundNo ?? '');
  return (
    <form
      className="verify__form"
      onSubmit={(e) => {
        e.preventDefault();
        const no = typed.trim();
        if (/^[1-9][0-9]{0,19}$/.test(no)) go({ page: 'verify', game: gameCode, roundNo: no });
      }}
    >
      <label className="field field--inline">
        <span>期号</span>
        <input inputMode="numeric" value={typed} onChange={(e) => setTyped(e.target.value)} />
      </label>
      <button type="submit" className="btn btn--primary">
        验证
      </button>
    </form>
  );
}

/**
 * 公平验证: a round number → its revealed seed checked against the chain and its outcome
 * recomputed here with the protocol's functions (docs/contract.md §10.6–§10.8); the chain's
 * commitment; a free-form mode; each round downloadable as JSON for docs/fair-verifier.html.
 */
export function VerifyPage({ gameCode, roundNo }: { gameCode: string; roundNo: string | null }) {
  const chains = useLoad(`chain:${gameCode}`, () => gamesCalls.chain(gameCode));
  const check = useLoad(`check:${gameCode}:${roundNo ?? ''}`, () =>
    roundNo ? loadCheck(gameCode, roundNo) : Promise.resolve(null),
  );
  const chain = chains.state.kind === 'ready' ? chains.state.data.chains[0] : undefined;
  return (
    <section className="verify" aria-label="公平验证">
      <h2 className="page-title">公平验证</h2>
      <p className="verify__why">
        每期结果由哈希链上的种子决定：链的承诺 s₀ 在第一期之前公开，之后每期开奖时公开本期种子 s
        <sub>i</sub>，任何人都可核对 SHA256(s<sub>i</sub>) = s<sub>i−1</sub>
        。本站不使用外部随机信标（离线部署无法访问），
        约束场馆的正是链开始前公布的这一承诺：开奖结果在开盘前已确定，封盘后无法更改。
      </p>
      {chain && <ChainFacts chain={chain} />}
      <RoundForm key={roundNo ?? ''} gameCode={gameCode} roundNo={roundNo} />
      {check.state.kind === 'loading' && <ListSkeleton rows={3} />}
      {check.state.kind === 'error' && (
        <ErrorState message={check.state.message} onRetry={() => check.reload()} />
      )}
      {check.state.kind === 'ready' && check.state.data && <RoundSteps check={check.state.data} />}
      <FreeForm />
    </section>
  );
}
