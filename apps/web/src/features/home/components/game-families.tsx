import { useState, type ReactNode } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import './game-families.css';
import { Link } from 'react-router';
import { useNamingList } from '../api/naming.query';
import { FAMILIES, type FamilyKey } from './families';

/**
 * Vertical family rail with the chosen family's entry card (design "Home"). Names come from
 * the operator's naming list, falling back to the catalogue. Under the card, `pane` shows the
 * family's venues (composed in by the app: venues are another feature).
 */
export function GameFamilies({ pane }: { pane?: (family: FamilyKey) => ReactNode }) {
  const { t } = useTranslation('home');
  const { t: tc } = useTranslation();
  const { data } = useNamingList();
  const [selected, setSelected] = useState<FamilyKey>('TY');
  const named = new Map((data?.list ?? []).map((item) => [item.key, item.name]));
  const nameOf = (key: FamilyKey) => named.get(key) || t(`families.${key}`);
  const current = FAMILIES.find((family) => family.key === selected) ?? FAMILIES[0];

  return (
    <section className="nb-families">
      <div className="nb-families__rail" role="tablist" aria-orientation="vertical">
        {FAMILIES.map((family) => (
          <button
            key={family.key}
            type="button"
            role="tab"
            id={`family-tab-${family.key}`}
            aria-selected={family.key === selected}
            aria-controls="family-panel"
            className={`nb-families__tab${family.key === selected ? ' nb-families__tab--active' : ''}`}
            onClick={() => setSelected(family.key)}
          >
            {nameOf(family.key)}
          </button>
        ))}
      </div>
      <div
        className="nb-families__pane"
        role="tabpanel"
        id="family-panel"
        aria-labelledby={`family-tab-${current.key}`}
      >
        <Link
          to={current.path}
          className="nb-family-card"
          aria-label={t('enterFamily', { name: nameOf(current.key) })}
        >
          <img className="nb-family-card__art" src={current.art} alt="" width={320} height={200} />
          <div className="nb-family-card__info">
            <h3 className="nb-family-card__name">{nameOf(current.key)}</h3>
            <p className="nb-family-card__tagline">{t(`familyTagline.${current.key}`)}</p>
          </div>
          <span className="nb-family-card__enter" aria-hidden="true">
            {tc('enter')}
          </span>
        </Link>
        {pane?.(current.key)}
      </div>
    </section>
  );
}
