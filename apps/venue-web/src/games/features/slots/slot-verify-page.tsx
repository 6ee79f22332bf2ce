import { useEffect, useState } from 'react';
import { isHex } from '@nebula/protocol/fair/bytes';
import { checkClientSeed } from '@nebula/protocol/fair/player-seeds';
import { formatMoney, isMoneyString, parseMoney } from '@nebula/protocol/money/fen';
import type { ParSheet } from '@nebula/protocol/venue/games/slots/par-sheet';
import { ErrorState, ListSkeleton } from '../../../components/states';
import { money } from '../../../lib/format';
import { useStore } from '../../../lib/store';
import { useLoad } from '../../../lib/use-load';
import { loadParSheet, type LoadedParSheet } from '../../lib/par-sheet';
import { slotsCalls } from '../../lib/slots-api';
import { loadSlotGames, slotsStore } from '../../lib/slots-store';
import { TraceSteps } from '../verify/verify-steps';
import { SeedPanel } from './seed-panel';
import { checkSpin, recomputeSpin, type Recomputed, type SpinCheck } from './slot-verify';

const Mark = ({
  ok,
  yes = '✓ 一致',
  no = '✗ 不一致',
}: {
  ok: boolean;
  yes?: string;
  no?: string;
}) => <span className={ok ? 'mark mark--ok' : 'mark mark--bad'}>{ok ? yes : no}</span>;

/** Loads a spin and its game's served par sheet; the check itself runs here. */
async function loadSpinCheck(spinId: string): Promise<{ check: SpinCheck; sheet: LoadedParSheet }> {
  const spin = await slotsCalls.spin1(spinId);
  await loadSlotGames();
  const game = slotsStore.get().games?.find((g) => g.gameCode === spin.gameCode);
  if (!game) throw new Error('找不到该游戏');
  const sheet = await loadParSheet(game.parSheetUrl);
  return { check: checkSpin(spin, sheet.sheet, sheet.hash), sheet };
}

function Screens({ re }: { re: Recomputed }) {
  const all = [re.outcome.base, ...re.outcome.free];
  return (
    <ol className="steps__draws">
      {all.map((s, i) => (
        <li key={i} data-screen={i}>
          {i === 0 ? '基础转动' : `免费旋转 ${i}`}：停止位 {s.stops.join(', ')} · {s.units} 线注单位
        </li>
      ))}
    </ol>
  );
}

function SpinSteps({ spinId, check }: { spinId: string; check: SpinCheck }) {
  if (check.kind === 'sealed') {
    return (
      <div className="check" data-spin={spinId} data-state="sealed">
        <p className="check__verdict mark mark--na">
          该局的服务端种子尚未公开：请在下方「更换种子对」后再验证（更换后公开此前的种子）。
        </p>
        <p>承诺：</p>
        <code className="hex">{check.commitment}</code>
      </div>
    );
  }
  const { re } = check;
  return (
    <div className="check" data-spin={spinId} data-state={check.ok ? 'ok' : 'bad'}>
      <p className="check__verdict">
        <Mark ok={check.ok} yes="✓ 验证通过：停止位与派彩均由种子复算一致" no="✗ 验证未通过" />
      </p>
      <p>
        1. 服务端种子与承诺 <Mark ok={check.commitmentOk} /> · 规则表哈希{' '}
        <Mark ok={check.parSheetOk} />
      </p>
      <TraceSteps trace={re.trace} message={re.message} seedHex={re.seedHex} />
      <h4 className="steps__title">4. 停止位（本页复算 / 场馆记录）</h4>
      <ul className="check__lines">
        {check.screens.map((s) => (
          <li key={s.label} className="check__line" data-stops={s.stops.join(',')}>
            {s.label}：{s.stops.join(', ')} / {s.recorded ? s.recorded.join(', ') : '—'}{' '}
            <Mark ok={s.ok} />
          </li>
        ))}
      </ul>
      <h4 className="steps__title">5. 派彩</h4>
      <p data-payout={formatMoney(re.winFen)}>
        复算 ¥{money(formatMoney(re.winFen))} / 记录 ¥{money(formatMoney(check.recordedWinFen))}{' '}
        <Mark ok={check.payoutOk} />
      </p>
    </div>
  );
}

function FreeForm({
  sheets,
}: {
  sheets: { code: string; name: string; url: string; lineBets: string[] }[];
}) {
  const [form, setForm] = useState({
    seed: '',
    client: '',
    nonce: '0',
    game: sheets[0]?.code ?? '',
    bet: '',
  });
  const [out, setOut] = useState<{ re: Recomputed; sheet: ParSheet } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const set = (k: keyof typeof form) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [k]: e.target.value }));
  const run = async () => {
    const seed = form.seed.trim().toLowerCase();
    const client = checkClientSeed(form.client);
    const g = sheets.find((s) => s.code === form.game);
    const bet = form.bet || g?.lineBets[0] || '';
    if (!isHex(seed) || seed.length !== 64) return setError('服务端种子须为 64 位十六进制');
    if (!client.ok) return setError(client.message);
    if (!/^(0|[1-9][0-9]{0,8})$/.test(form.nonce)) return setError('nonce 须为非负整数');
    if (!g || !isMoneyString(bet)) return setError('请选择游戏与线注');
    setError(null);
    const loaded = await loadParSheet(g.url);
    setOut({
      re: recomputeSpin(loaded.sheet, seed, client.clientSeed, Number(form.nonce), parseMoney(bet)),
      sheet: loaded.sheet,
    });
  };
  const g = sheets.find((s) => s.code === form.game);
  return (
    <section className="verify__free" aria-label="自由验证">
      <h3 className="verify__h">自由验证</h3>
      <label className="field">
        <span>服务端种子（已公开，64 位十六进制）</span>
        <input value={form.seed} onChange={set('seed')} spellCheck={false} autoComplete="off" />
      </label>
      <label className="field">
        <span>客户端种子</span>
        <input value={form.client} onChange={set('client')} spellCheck={false} autoComplete="off" />
      </label>
      <label className="field">
        <span>nonce</span>
        <input value={form.nonce} inputMode="numeric" onChange={set('nonce')} />
      </label>
      <label className="field">
        <span>游戏</span>
        <select value={form.game} onChange={set('game')}>
          {sheets.map((s) => (
            <option key={s.code} value={s.code}>
              {s.name} {s.code}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        <span>线注</span>
        <select value={form.bet || g?.lineBets[0]} onChange={set('bet')}>
          {g?.lineBets.map((b) => (
            <option key={b} value={b}>
              {money(b)}
            </option>
          ))}
        </select>
      </label>
      {error && (
        <p className="k3-confirm__error" role="alert">
          {error}
        </p>
      )}
      <button type="button" className="btn btn--ghost" onClick={() => void run()}>
        计算结果
      </button>
      {out && (
        <div className="check">
          <Screens re={out.re} />
          <p data-free-payout={formatMoney(out.re.winFen)}>
            派彩 ¥{money(formatMoney(out.re.winFen))}
          </p>
        </div>
      )}
    </section>
  );
}

/**
 * 公平验证 for slots: a spin (from 游戏记录) recomputed here from its revealed server seed,
 * client seed and nonce with the protocol's engine — stops of every screen and the payout —
 * against what the venue recorded; the seed pair panel (公平设置); a free-form recompute.
 */
export function SlotVerifyPage({ spinId }: { spinId: string | null }) {
  const s = useStore(slotsStore);
  useEffect(() => void loadSlotGames(), []);
  const check = useLoad(`spin-check:${spinId ?? ''}`, () =>
    spinId ? loadSpinCheck(spinId) : Promise.resolve(null),
  );
  const sheets = (s.games ?? []).map((g) => ({
    code: g.gameCode,
    name: g.name,
    url: g.parSheetUrl,
    lineBets: g.lineBets,
  }));
  return (
    <section className="verify" aria-label="公平验证">
      <h2 className="page-title">公平验证</h2>
      {spinId && check.state.kind === 'loading' && <ListSkeleton rows={3} />}
      {check.state.kind === 'error' && (
        <ErrorState message={check.state.message} onRetry={() => check.reload()} />
      )}
      {spinId && check.state.kind === 'ready' && check.state.data && (
        <SpinSteps spinId={spinId} check={check.state.data.check} />
      )}
      {!spinId && (
        <p className="verify__why">在「游戏记录」中选择一局即可验证；也可在下方自由验证。</p>
      )}
      <h3 className="page-title page-title--sub">公平设置</h3>
      <SeedPanel key={`seeds:${spinId ?? ''}`} onRotated={() => check.reload(true)} />
      {sheets.length > 0 && <FreeForm sheets={sheets} />}
    </section>
  );
}
