import type { LuckyFlipRecord } from '@nebula/protocol/api/activity/lucky-flip.schemas';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';

const CARDS = 9;

/**
 * Nine cards face down; the tapped one turns over (CSS 3D flip) to the prize the server drew.
 * Which card is tapped does not change the draw: it comes from the seeds and the nonce alone.
 */
export function FlipCards({
  disabled,
  onFlip,
  labelOf,
}: {
  disabled: boolean;
  onFlip: () => Promise<LuckyFlipRecord | null>;
  /** The label of a prize by id (an out-of-stock flip names the prize it drew). */
  labelOf: (prizeId: string) => string;
}) {
  const { t } = useTranslation('flipFriends');
  const [open, setOpen] = useState<{ card: number; record: LuckyFlipRecord } | null>(null);
  const [busy, setBusy] = useState(false);
  const pick = async (card: number) => {
    if (busy || disabled) return;
    setBusy(true);
    setOpen(null);
    const record = await onFlip();
    setBusy(false);
    if (record) setOpen({ card, record });
  };
  const result = open?.record;
  return (
    <>
      <div className="nb-flip__grid" data-testid="flip-cards">
        {Array.from({ length: CARDS }, (_, i) => {
          const isOpen = open?.card === i;
          return (
            <button
              key={i}
              type="button"
              className={`nb-flip__card${isOpen ? ' nb-flip__card--open' : ''}`}
              aria-label={`${t('flip.title')} ${i + 1}`}
              disabled={disabled || busy}
              onClick={() => void pick(i)}
              data-testid={`flip-card-${i}`}
            >
              <span className="nb-flip__inner">
                <span className="nb-flip__face nb-flip__face--back">?</span>
                <span className="nb-flip__face nb-flip__face--front">
                  {isOpen && result ? result.label : ''}
                </span>
              </span>
            </button>
          );
        })}
      </div>
      {result && (
        <p className="nb-flip__result" data-testid="flip-result" role="status">
          {result.outOfStock
            ? t('flip.outOfStock', { label: labelOf(result.drawnPrizeId) })
            : result.amount === '0.00'
              ? t('flip.none')
              : t('flip.won', { label: result.label })}
        </p>
      )}
    </>
  );
}
