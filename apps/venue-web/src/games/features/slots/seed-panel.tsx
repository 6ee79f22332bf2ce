import { useState } from 'react';
import { hexToBytes, isHex } from '@nebula/protocol/fair/bytes';
import { checkClientSeed, matchesCommitment } from '@nebula/protocol/fair/player-seeds';
import type { RevealedSeedPair, SeedPairView } from '@nebula/protocol/venue/games/slots-api';
import { ErrorState, ListSkeleton } from '../../../components/states';
import { toast } from '../../../components/toast';
import { ApiError } from '../../../lib/api';
import { dateTimeOf } from '../../../lib/format';
import { useLoad } from '../../../lib/use-load';
import { slotsCalls } from '../../lib/slots-api';

/** Whether a revealed server seed hashes to the commitment shown before (checked here). */
export function revealedMatches(pair: RevealedSeedPair): boolean {
  const seed = pair.serverSeed.toLowerCase();
  return (
    isHex(seed) &&
    seed.length === 64 &&
    matchesCommitment(hexToBytes(seed), pair.serverSeedCommitment)
  );
}

function Revealed({ pair, fresh }: { pair: RevealedSeedPair; fresh?: boolean }) {
  const ok = revealedMatches(pair);
  return (
    <div className={`seed-revealed${fresh ? ' seed-revealed--fresh' : ''}`} data-revealed>
      <p>
        客户端种子 <code>{pair.clientSeed}</code> · 已用 {pair.rounds} 局 · 更换于{' '}
        {dateTimeOf(pair.rotatedAt)}
      </p>
      <p>服务端种子（已公开）：</p>
      <code className="hex" data-server-seed>
        {pair.serverSeed}
      </code>
      <p>此前公布的承诺：</p>
      <code className="hex">{pair.serverSeedCommitment}</code>
      <p className={ok ? 'mark mark--ok' : 'mark mark--bad'}>
        {ok ? '✓ SHA256(服务端种子) 与承诺一致（本页计算）' : '✗ 与承诺不一致'}
      </p>
    </div>
  );
}

function ClientSeedForm({
  pair,
  onSaved,
}: {
  pair: SeedPairView;
  onSaved: (p: SeedPairView) => void;
}) {
  const [value, setValue] = useState(pair.clientSeed);
  const [saving, setSaving] = useState(false);
  const check = checkClientSeed(value);
  const changed = value !== pair.clientSeed;
  const save = async () => {
    if (!check.ok || saving) return;
    setSaving(true);
    try {
      onSaved(await slotsCalls.setClientSeed(check.clientSeed));
      toast('客户端种子已更新');
    } catch (err) {
      toast(err instanceof ApiError ? err.message : String(err));
    } finally {
      setSaving(false);
    }
  };
  return (
    <form
      className="seed-client"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <label className="field">
        <span>客户端种子（可修改）</span>
        <input
          name="clientSeed"
          value={value}
          spellCheck={false}
          autoComplete="off"
          onChange={(e) => setValue(e.target.value)}
          aria-invalid={!check.ok}
        />
      </label>
      {!check.ok && (
        <p className="k3-confirm__error" role="alert" data-problem={check.problem}>
          {check.message}
        </p>
      )}
      <button type="submit" className="btn btn--ghost" disabled={!check.ok || !changed || saving}>
        保存客户端种子
      </button>
    </form>
  );
}

/**
 * 公平设置 (docs/contract.md §10.5): the player's current seed pair — the server seed's
 * commitment, the client seed (editable, checked here with the protocol's own rule before it is
 * sent), the nonce the next spin uses — and rotation, which reveals the old server seed (checked
 * against its commitment here) and commits a new one. Pairs rotated before are listed.
 */
export function SeedPanel({ onRotated }: { onRotated?: () => void } = {}) {
  const loaded = useLoad('seeds', () => slotsCalls.seeds());
  const [pair, setPair] = useState<SeedPairView | null>(null);
  const [revealed, setRevealed] = useState<RevealedSeedPair | null>(null);
  const [rotating, setRotating] = useState(false);
  if (loaded.state.kind === 'loading') return <ListSkeleton rows={3} />;
  if (loaded.state.kind === 'error')
    return <ErrorState message={loaded.state.message} onRetry={() => loaded.reload()} />;
  const current = pair ?? loaded.state.data;
  const rotate = async () => {
    if (rotating) return;
    setRotating(true);
    try {
      const r = await slotsCalls.rotate();
      setRevealed(r.revealed);
      setPair(r.current);
      onRotated?.();
    } catch (err) {
      toast(err instanceof ApiError ? err.message : String(err));
    } finally {
      setRotating(false);
    }
  };
  return (
    <section className="seed-panel" aria-label="公平设置">
      <p className="verify__why">
        每次转动的结果由 HMAC_SHA256(服务端种子, 客户端种子:nonce) 决定。服务端种子在使用前只公布其
        SHA-256 承诺，更换种子对时公开，任何人都可据此复算此前的每一次转动；每{' '}
        {current.roundsPerServerSeed} 局自动更换。
      </p>
      <div className="chain">
        <p>服务端种子承诺（SHA-256）：</p>
        <code className="hex" data-commitment>
          {current.serverSeedCommitment}
        </code>
        <p>
          下一局 nonce <b data-nonce>{current.nonce}</b> · 启用于 {dateTimeOf(current.createdAt)}
        </p>
      </div>
      <ClientSeedForm
        key={current.serverSeedCommitment + current.clientSeed}
        pair={current}
        onSaved={setPair}
      />
      <button
        type="button"
        className="btn btn--primary"
        disabled={rotating}
        onClick={() => void rotate()}
      >
        更换种子对（公开当前服务端种子）
      </button>
      {revealed && <Revealed pair={revealed} fresh />}
      {current.previous.length > 0 && (
        <>
          <h3 className="verify__h">已公开的种子对</h3>
          {current.previous
            .filter((p) => p.serverSeed !== revealed?.serverSeed)
            .map((p) => (
              <Revealed key={p.serverSeed} pair={p} />
            ))}
        </>
      )}
    </section>
  );
}
