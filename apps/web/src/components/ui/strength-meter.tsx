import { useTranslation } from '../../i18n/use-translation';
import type { Strength } from '../../lib/password-strength';
import './strength-meter.css';

const FILLED: Record<Strength['level'], number> = { empty: 0, weak: 1, medium: 2, strong: 3 };

/** Three bars and a word under the password: what the server refuses is said in red. */
export function StrengthMeter({ strength, id }: { strength: Strength; id: string }) {
  const { t } = useTranslation('auth');
  const filled = FILLED[strength.level];
  const text =
    strength.level === 'empty'
      ? t('strength.empty')
      : strength.reason
        ? t(`strength.${strength.reason}`)
        : t(`strength.${strength.level}`);
  return (
    <div className={`nb-strength nb-strength--${strength.level}`} id={id}>
      <div className="nb-strength__bars" aria-hidden="true">
        {[1, 2, 3].map((bar) => (
          <span
            key={bar}
            className={`nb-strength__bar${bar <= filled ? ' nb-strength__bar--on' : ''}`}
          />
        ))}
      </div>
      <p className="nb-strength__text" aria-live="polite">
        {strength.level !== 'empty' && (
          <span className="nb-strength__level">
            {t('strength.label')}：{t(`strength.${strength.level}`)}
          </span>
        )}
        {strength.level === 'empty' || strength.reason ? (
          <span className="nb-strength__reason">{text}</span>
        ) : null}
      </p>
    </div>
  );
}
