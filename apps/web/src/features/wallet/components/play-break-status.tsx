import type { PlayBreak } from '@nebula/protocol/api/wallet/wallet.schemas';
import { useEffect } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { KeyValues } from '../../../components/ui/money';
import { StatusBadge } from '../../../components/ui/status-badge';
import { shanghaiDateTime } from '../../../lib/shanghai-date';
import { useTimeLeft } from '../hooks/use-time-left';
import { kindName, timeLeftText } from '../model/play-break';
import '../../../components/ui/money.css';
import './play-break.css';

/** What a member may and may not do during a break. */
export function PlayBreakRules() {
  const { t } = useTranslation('wallet');
  return (
    <dl className="nb-pbreak__rules">
      <div className="nb-pbreak__rule nb-pbreak__rule--yes">
        <dt>{t('playBreak.allowedLabel')}</dt>
        <dd>{t('playBreak.allowed')}</dd>
      </div>
      <div className="nb-pbreak__rule nb-pbreak__rule--no">
        <dt>{t('playBreak.refusedLabel')}</dt>
        <dd>{t('playBreak.refused')}</dd>
      </div>
    </dl>
  );
}

/**
 * The break running: its kind, start and end in Beijing time, the time left (ticking), and what
 * it allows. `onEnded` runs once the end has passed, to ask the server again.
 */
export function PlayBreakStatus({ active, onEnded }: { active: PlayBreak; onEnded: () => void }) {
  const { t } = useTranslation('wallet');
  const left = useTimeLeft(active.endsAt);
  const ended = left === 0;
  useEffect(() => {
    if (ended) onEnded();
  }, [ended, onEnded]);
  return (
    <section className="nb-card nb-pbreak-status" aria-labelledby="nb-pbreak-status-title">
      <div className="nb-pbreak-status__head">
        <h2 id="nb-pbreak-status-title" className="nb-pbreak-status__title">
          {kindName(active.kind)}
        </h2>
        <StatusBadge tone="warning">{t('playBreak.running')}</StatusBadge>
      </div>
      <KeyValues
        className="nb-pbreak-status__facts"
        rows={[
          {
            key: 'start',
            label: t('playBreak.startedAt'),
            value: shanghaiDateTime(active.startedAt),
          },
          {
            key: 'end',
            label: t('playBreak.endsAt'),
            value: <span data-testid="break-ends-at">{shanghaiDateTime(active.endsAt)}</span>,
          },
          {
            key: 'left',
            label: t('playBreak.left'),
            value: <span data-testid="break-left">{timeLeftText(left)}</span>,
          },
        ]}
      />
      <PlayBreakRules />
      <p className="nb-pbreak-status__note">{t('playBreak.activeNote')}</p>
    </section>
  );
}
