import { useTranslation } from '../../../i18n/use-translation';
import { Link } from 'react-router';
import { PageFrame } from '../../../components/ui/page-frame';
import { MINE_PATH } from '../../../site/paths';
import '../components/auth.css';

const STEPS = ['one', 'two', 'three'] as const;
const AFTER = ['phone', 'realName', 'fund'] as const;

/**
 * /registerGuide: how to register, what to do after, and the 18+ / responsible-play note. A
 * protected page (contract §8.1), so its reader is always a member: it leads on to the member centre.
 */
export function RegisterGuidePage() {
  const { t } = useTranslation('auth');

  return (
    <PageFrame title={t('guide.title')}>
      <section className="nb-card">
        <h2 className="nb-card__title">{t('guide.heading')}</h2>
        <p className="nb-guide__intro">{t('guide.intro')}</p>
        <ol className="nb-guide__steps">
          {STEPS.map((step) => (
            <li key={step}>{t(`guide.steps.${step}`)}</li>
          ))}
        </ol>
      </section>
      <section className="nb-card">
        <h2 className="nb-card__title">{t('guide.afterHeading')}</h2>
        <ul className="nb-guide__list">
          {AFTER.map((item) => (
            <li key={item}>{t(`guide.after.${item}`)}</li>
          ))}
        </ul>
      </section>
      <section className="nb-card nb-guide__responsible">
        <h2 className="nb-card__title">
          <span className="nb-guide__badge" aria-hidden="true">
            18+
          </span>
          {t('guide.responsibleHeading')}
        </h2>
        <p>{t('guide.responsible')}</p>
      </section>
      <nav className="nb-guide__actions" aria-label={t('guide.title')}>
        <p className="nb-guide__intro">{t('guide.loggedIn')}</p>
        <Link className="nb-link-button nb-link-button--solid" to={MINE_PATH}>
          {t('guide.toMine')}
        </Link>
      </nav>
    </PageFrame>
  );
}
