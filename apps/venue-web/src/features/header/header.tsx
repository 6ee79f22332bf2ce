import { useState } from 'react';
import type { OddsType } from '@nebula/protocol/odds/odds';
import { ChevronIcon, RefreshIcon } from '../../components/icons';
import { Sheet } from '../../components/sheet';
import { toast } from '../../components/toast';
import { ApiError } from '../../lib/api';
import { bridge } from '../../lib/frame-bridge';
import { money, negativeOddsNote, oddsTypeChoices, oddsTypeNames } from '../../lib/format';
import type { LiveStatus } from '../../lib/live-client';
import { currentSession, oddsTypeStore } from '../../lib/session';
import { useStore, type Store } from '../../lib/store';
import { venueApi } from '../../lib/venue-api';
import { balanceStore, refreshBalance } from '../../store/account-store';

/** 香港盘 / 马来盘 / 欧洲盘 / 印尼盘, stored for the player at the venue. */
function OddsTypeSheet({ open, onClose }: { open: boolean; onClose: () => void }) {
  const current = useStore(oddsTypeStore);
  const [saving, setSaving] = useState(false);
  const pick = async (t: OddsType) => {
    if (saving) return;
    setSaving(true);
    try {
      await venueApi.setOddsType(t);
      oddsTypeStore.set(t);
      onClose();
    } catch (err) {
      toast(err instanceof ApiError ? err.message : '保存失败，请重试');
    } finally {
      setSaving(false);
    }
  };
  return (
    <Sheet title="盘口类型" open={open} onClose={onClose}>
      <div className="odds-types" role="radiogroup" aria-label="盘口类型">
        {oddsTypeChoices.map((t) => (
          <button
            type="button"
            role="radio"
            aria-checked={t === current}
            key={t}
            className={`odds-type${t === current ? ' odds-type--on' : ''}`}
            onClick={() => void pick(t)}
          >
            <span>{oddsTypeNames[t]}</span>
            {negativeOddsNote(t) && <small>{negativeOddsNote(t)}</small>}
          </button>
        ))}
      </div>
    </Sheet>
  );
}

/** The sticky header: venue balance (tap to refresh), 转入 (asks the site), odds type. */
export function Header({
  family,
  venueCode,
  live,
}: {
  family: 'TY' | 'DJ';
  venueCode: string;
  live: Store<LiveStatus>;
}) {
  const b = useStore(balanceStore);
  const oddsType = useStore(oddsTypeStore);
  const status = useStore(live);
  const [typesOpen, setTypesOpen] = useState(false);
  return (
    <header className="top">
      <h1 className="top__title">
        {family === 'DJ' ? '电竞' : '体育'}
        <span
          className={`top__live top__live--${status}`}
          title={status === 'live' ? '实时' : '连接中'}
        />
      </h1>
      <button
        type="button"
        className="top__balance"
        aria-label="刷新余额"
        onClick={() => void refreshBalance()}
        disabled={b.loading}
      >
        <span className="top__amount" data-balance={b.balance ?? ''}>
          {b.balance === null ? (b.error ? '--' : '…') : `¥${money(b.balance)}`}
        </span>
        <span className={b.loading ? 'spin' : ''}>
          <RefreshIcon />
        </span>
      </button>
      {/* Play money moves no real money in: no 转入 in 试玩. */}
      {!currentSession()?.demo && (
        <button
          type="button"
          className="top__transfer"
          onClick={() => bridge.post({ type: 'openTransfer', venueCode })}
        >
          转入
        </button>
      )}
      <button type="button" className="top__odds" onClick={() => setTypesOpen(true)}>
        {oddsTypeNames[oddsType]}
        <ChevronIcon />
      </button>
      <OddsTypeSheet open={typesOpen} onClose={() => setTypesOpen(false)} />
    </header>
  );
}
