import type { PlayBreak } from '@nebula/protocol/api/wallet/wallet.schemas';
import { useTranslation } from '../../../i18n/use-translation';
import { shanghaiDate } from '../../../lib/shanghai-date';
import {
  PLAY_BREAK_KINDS,
  choicesOf,
  endOf,
  isOffered,
  lengthName,
  type PlayBreakChoice,
} from '../model/play-break';
import './play-break.css';

interface PlayBreakChoicesProps {
  value: PlayBreakChoice | null;
  onChange: (choice: PlayBreakChoice) => void;
  now: number;
  /** The break running, if any: only choices ending after it are shown. */
  running: PlayBreak | null;
}

/**
 * The lengths on offer in two groups, each saying what it is for: 冷静期 (days) and 自我排除
 * (months, years). One choice across both; each shows the date it would end on.
 */
export function PlayBreakChoices({ value, onChange, now, running }: PlayBreakChoicesProps) {
  const { t } = useTranslation('wallet');
  return (
    <div className="nb-pbreak__groups">
      {PLAY_BREAK_KINDS.map((kind) => {
        const offers = choicesOf(kind).filter((choice) => isOffered(choice, now, running));
        if (offers.length === 0) return null;
        const titleId = `nb-pbreak-${kind}`;
        return (
          <section key={kind} className="nb-pbreak__group" aria-labelledby={titleId}>
            <h3 id={titleId} className="nb-pbreak__group-title">
              {t(`playBreak.kind.${kind}`)}
            </h3>
            <p className="nb-pbreak__group-text">{t(`playBreak.kindText.${kind}`)}</p>
            <div
              // One row whatever is left (a running break hides the shorter lengths).
              className={`nb-pbreak__chips nb-pbreak__chips--n${offers.length}`}
              role="radiogroup"
              aria-labelledby={titleId}
            >
              {offers.map((choice) => {
                const checked = value?.kind === kind && value.length === choice.length;
                return (
                  <button
                    key={choice.length}
                    type="button"
                    role="radio"
                    aria-checked={checked}
                    data-length={choice.length}
                    className={`nb-pbreak__chip${checked ? ' nb-pbreak__chip--on' : ''}`}
                    onClick={() => onChange(choice)}
                  >
                    <span className="nb-pbreak__chip-name">{lengthName(choice.length)}</span>
                    <span className="nb-pbreak__chip-until">
                      {t('playBreak.until', { date: shanghaiDate(endOf(choice, now)) })}
                    </span>
                  </button>
                );
              })}
            </div>
          </section>
        );
      })}
    </div>
  );
}
