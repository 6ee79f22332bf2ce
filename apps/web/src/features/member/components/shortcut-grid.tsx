import { useTranslation } from '../../../i18n/use-translation';
import { Link } from 'react-router';
import type { ShortcutKey, ShortcutSection } from './member-shortcuts';

/** Counts shown on entries (unread mail), composed in by the app. */
export type ShortcutBadges = Partial<Record<ShortcutKey, number>>;

/** One section of the member centre: a titled 4-column grid of entries. */
export function ShortcutGrid({
  section,
  badges = {},
}: {
  section: ShortcutSection;
  badges?: ShortcutBadges;
}) {
  const { t } = useTranslation('member');
  const headingId = `nb-shortcuts-${section.key}`;
  return (
    <section className="nb-card nb-shortcuts" aria-labelledby={headingId}>
      <h2 id={headingId} className="nb-card__title">
        {t(`mine.sections.${section.key}`)}
      </h2>
      <ul className="nb-shortcuts__grid">
        {section.items.map((shortcut) => (
          <li key={shortcut.key}>
            <Link className="nb-shortcuts__item" to={shortcut.to}>
              <span className="nb-shortcuts__icon" aria-hidden="true">
                {shortcut.icon}
                {(badges[shortcut.key] ?? 0) > 0 && (
                  <span className="nb-badge nb-shortcuts__badge">
                    {(badges[shortcut.key] ?? 0) > 99 ? '99+' : badges[shortcut.key]}
                  </span>
                )}
              </span>
              <span className="nb-shortcuts__label">{t(`mine.links.${shortcut.key}`)}</span>
              {(badges[shortcut.key] ?? 0) > 0 && (
                <span className="nb-visually-hidden">
                  {t('mine.badge', { count: badges[shortcut.key] })}
                </span>
              )}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
