import type { LuckyFlipRecord } from '@nebula/protocol/api/activity/lucky-flip.schemas';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { formatDateTime } from '../../../lib/format-time';
import { verifyFlip, type FlipCheck } from '../model/verify-flip';

/** My flips, each verifiable in the browser once its server seed is revealed. */
export function FlipHistory({ flips }: { flips: LuckyFlipRecord[] }) {
  const { t } = useTranslation('flipFriends');
  const [checks, setChecks] = useState<Record<number, FlipCheck>>({});
  const describe = (c: FlipCheck) =>
    c.state === 'ok'
      ? t('flip.verifyOk', { roll: c.roll, total: c.total, index: c.index + 1 })
      : c.state === 'hidden'
        ? t('flip.verifyHidden')
        : t('flip.verifyBad');
  return (
    <section className="nb-card" aria-labelledby="nb-flip-mine">
      <h2 id="nb-flip-mine" className="nb-card__title">
        {t('flip.mine')}
      </h2>
      {flips.length === 0 && <p className="nb-ff__rule">{t('flip.empty')}</p>}
      <ul className="nb-flip__list" data-testid="flip-history">
        {flips.map((f) => {
          const c = checks[f.nonce];
          return (
            <li key={f.nonce} className="nb-flip__item" data-testid={`flip-record-${f.nonce}`}>
              <div className="nb-flip__chances">
                <span>
                  #{f.nonce} {f.label}
                </span>
                <span className="nb-ff__rule">{formatDateTime(f.createdAt)}</span>
              </div>
              <Button
                size="mini"
                disabled={f.serverSeed === null}
                onClick={() => setChecks((all) => ({ ...all, [f.nonce]: verifyFlip(f) }))}
                data-testid={`flip-verify-${f.nonce}`}
              >
                {f.serverSeed === null ? t('flip.verifyHidden') : t('flip.verify')}
              </Button>
              {c && (
                <p
                  className={`nb-flip__check nb-flip__check--${c.state === 'ok' ? 'ok' : 'bad'}`}
                  data-testid={`flip-check-${f.nonce}`}
                >
                  {describe(c)}
                </p>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
