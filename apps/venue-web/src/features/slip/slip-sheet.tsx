import { useCallback, useState, useSyncExternalStore } from 'react';
import { OddsType } from '@nebula/protocol/odds/odds';
import { sanitizeAmountInput } from '@nebula/protocol/rules/amount-input';
import { Sheet } from '../../components/sheet';
import { bridge } from '../../lib/frame-bridge';
import { formatOdds, money, negativeOddsNote } from '../../lib/format';
import { currentSession } from '../../lib/session';
import { useStore } from '../../lib/store';
import { balanceStore, metaStore } from '../../store/account-store';
import { eventsStore } from '../../store/events-store';
import {
  acceptPrices,
  clearSlip,
  openSlip,
  quoteOf,
  setItemStake,
  setMode,
  setNotice,
  setParlayStake,
  slipStore,
  type SlipNotice,
  type SlipState,
} from '../../store/slip-store';
import { placeSlip, plannedBets, slipProblem } from './place';
import { PolicyChoice } from './policy-choice';
import { SlipItemRow } from './slip-item';
import { SlipReceipt } from './slip-receipt';
import { combinedMilli, maxStakeFen, returnFen, stakeFen, stakeText, yuan } from './slip-math';

const CHIPS = ['10', '50', '100', '500'];

/** Redraws the slip when a price of one of its matches moves. */
function useSlipQuotes(s: SlipState): string {
  const subscribe = useCallback(
    (cb: () => void) => {
      const offs = [...new Set(s.items.map((i) => i.eventId))].map((id) =>
        eventsStore.subscribe(id, cb),
      );
      return () => offs.forEach((off) => off());
    },
    [s.items],
  );
  const get = useCallback(
    () => s.items.map((i) => JSON.stringify(quoteOf(i))).join('|'),
    [s.items],
  );
  return useSyncExternalStore(subscribe, get, get);
}

function Notice({
  notice,
  onShowStake,
}: {
  notice: SlipNotice;
  onShowStake: (stake: string) => void;
}) {
  const session = currentSession();
  return (
    <div
      className={`notice notice--${notice.tone}`}
      role={notice.tone === 'error' ? 'alert' : 'status'}
    >
      <span>{notice.text}</span>
      {notice.action === 'transfer' && session && (
        <button
          type="button"
          className="notice__act"
          onClick={() => bridge.post({ type: 'openTransfer', venueCode: session.venueCode })}
        >
          转入
        </button>
      )}
      {notice.action === 'useStake' && notice.stake && (
        <button type="button" className="notice__act" onClick={() => onShowStake(notice.stake!)}>
          改为 {money(notice.stake)}
        </button>
      )}
    </div>
  );
}

/** The bet slip: 单关 with a stake each, 串关 of 2–10 matches, chips, MAX and the return. */
export function SlipSheet({
  oddsType,
  onShowBets,
}: {
  oddsType: OddsType;
  onShowBets: () => void;
}) {
  const s = useStore(slipStore);
  const meta = useStore(metaStore);
  const balance = useStore(balanceStore).balance;
  useSlipQuotes(s);
  const [focused, setFocused] = useState<string | null>(null);
  const single = s.mode === 'single';
  const target = single
    ? focused && s.items.some((i) => i.selectionId === focused)
      ? focused
      : s.items[0]?.selectionId
    : 'parlay';
  const setStake = (stake: string) => {
    if (target === 'parlay') setParlayStake(stake);
    else if (target) setItemStake(target, stake);
  };
  const bets = plannedBets(s);
  const total = bets.reduce((sum, b) => sum + stakeFen(b.stake), 0n);
  const ret = bets.reduce(
    (sum, b) =>
      sum +
      returnFen(
        stakeFen(b.stake),
        b.items.map((i) => i.acceptedMilli),
      ),
    0n,
  );
  const problem = slipProblem(s);
  const busy = s.phase.kind === 'placing' || s.phase.kind === 'confirming';
  const mustAccept = problem?.action === 'acceptPrices';
  const parlayOdds = combinedMilli(s.items.map((i) => i.acceptedMilli));
  // What stops the bet now, said where the member looks (an info only once there is a stake).
  const notice =
    s.notice ??
    (problem && (problem.tone === 'error' || total > 0n || s.items.length > 1) ? problem : null);
  const max = () => {
    const balanceFen = balance ? stakeFen(balance) : 0n;
    const others = single
      ? s.items
          .filter((i) => i.selectionId !== target)
          .reduce((sum, i) => sum + stakeFen(i.stake), 0n)
      : 0n;
    const odds = single
      ? s.items.filter((i) => i.selectionId === target).map((i) => i.acceptedMilli)
      : s.items.map((i) => i.acceptedMilli);
    const m = maxStakeFen(odds, meta?.limits, balanceFen - others);
    setStake(m > 0n ? stakeText(m) : '');
  };
  const note = negativeOddsNote(oddsType);

  const title = (
    <>
      投注单 <span className="sheet__count">{s.items.length}</span>
    </>
  );
  return (
    <Sheet title={title} open={s.open} onClose={() => openSlip(false)} className="slip">
      {s.phase.kind === 'done' ? (
        <SlipReceipt
          bets={s.phase.bets}
          notice={s.notice}
          oddsType={oddsType}
          onMore={() => openSlip(false)}
          onShowBets={() => {
            openSlip(false);
            onShowBets();
          }}
        />
      ) : (
        <>
          <div className="slip__modes">
            <div className="segment segment--small" role="group" aria-label="投注方式">
              {(['single', 'parlay'] as const).map((m) => (
                <button
                  type="button"
                  key={m}
                  className={`segment__item${s.mode === m ? ' segment__item--on' : ''}`}
                  aria-pressed={s.mode === m}
                  onClick={() => setMode(m)}
                  disabled={busy}
                >
                  {m === 'single' ? '单关' : '串关'}
                </button>
              ))}
            </div>
            <button
              type="button"
              className="link-btn"
              onClick={clearSlip}
              disabled={busy || s.items.length === 0}
            >
              清空
            </button>
          </div>
          <ul className="slip__items">
            {s.items.map((item) => (
              <SlipItemRow
                key={item.selectionId}
                item={item}
                single={single}
                oddsType={oddsType}
                focused={target === item.selectionId}
                onFocus={() => setFocused(item.selectionId)}
                minStake={meta?.limits.minStake}
              />
            ))}
            {s.items.length === 0 && <li className="slip__empty">点击赔率加入投注单</li>}
          </ul>
          <footer className="slip__footer">
            {!single && s.items.length > 0 && (
              <div className="slip__parlay">
                <span>
                  {s.items.length}串1 @{' '}
                  <b>
                    {s.items.length > 1
                      ? formatOdds(Math.max(1001, parlayOdds), OddsType.Europe)
                      : '-'}
                  </b>
                </span>
                <input
                  className="stake-input stake-input--on"
                  inputMode="decimal"
                  aria-label="串关投注额"
                  placeholder={meta ? `最低 ${money(meta.limits.minStake)}` : '投注额'}
                  value={s.parlayStake}
                  onChange={(e) => setParlayStake(sanitizeAmountInput(e.target.value))}
                />
              </div>
            )}
            <div className="slip__chips" role="group" aria-label="快捷金额">
              {CHIPS.map((c) => (
                <button
                  type="button"
                  key={c}
                  className="chip chip--stake"
                  onClick={() => setStake(c)}
                  disabled={!target}
                >
                  {c}
                </button>
              ))}
              <button
                type="button"
                className="chip chip--stake chip--max"
                onClick={max}
                disabled={!target}
              >
                MAX
              </button>
            </div>
            {meta && (
              <p className="slip__limits">
                单注限额 {money(meta.limits.minStake)} – {money(meta.limits.maxStake)} · 最高派彩{' '}
                {money(meta.limits.maxPayout)}
              </p>
            )}
            <PolicyChoice current={s.policy} />
            {note && <p className="slip__note">{note}</p>}
            {notice && (
              <Notice
                notice={notice}
                onShowStake={(v) => {
                  setStake(v.replace(/\.00$/, ''));
                  setNotice(null);
                }}
              />
            )}
            {s.phase.kind === 'confirming' && (
              <p className="slip__confirming">滚球注单确认中，请稍候…</p>
            )}
            <div className="slip__total">
              <span>
                总投注 <b>{yuan(total)}</b>
              </span>
              <span>
                可赢 <b className="slip__return">{yuan(ret > total ? ret - total : 0n)}</b>
              </span>
            </div>
            <button
              type="button"
              className="btn btn--primary btn--block"
              disabled={busy || (!mustAccept && problem?.tone === 'info')}
              onClick={() => (mustAccept ? acceptPrices() : void placeSlip())}
            >
              {s.phase.kind === 'placing'
                ? '投注中…'
                : s.phase.kind === 'confirming'
                  ? '确认中…'
                  : mustAccept
                    ? '接受新赔率'
                    : `投注 ${yuan(total)}`}
            </button>
          </footer>
        </>
      )}
    </Sheet>
  );
}
