import { Link } from 'react-router';
import { useTranslation } from '../../../i18n/use-translation';
import { Money } from '../../../components/ui/money';
import { PageFrame } from '../../../components/ui/page-frame';
import { EmptyState, ErrorState, PageSkeleton } from '../../../components/ui/page-states';
import { REGISTER_PATH } from '../../../site/paths';
import { useDemoInfo } from '../api/demo.api';
import { DEMO_FAMILY_ORDER, demoPlayPath } from '../model/demo-families';
import '../components/demo.css';

/**
 * /demo (试玩, docs/contract.md §6 Demo play), open to visitors: what demo play is and is not,
 * a 开始试玩 per family the house venue offers (the server's list), and 注册.
 */
export function DemoPage() {
  const { t } = useTranslation('demo');
  const info = useDemoInfo();
  const d = info.data;
  const rules: readonly string[] = t('rules', {
    returnObjects: true,
    minutes: d?.sessionMinutes ?? 30,
  });
  const venues = d
    ? [...d.venues].sort(
        (a, b) =>
          DEMO_FAMILY_ORDER.indexOf(a.family as (typeof DEMO_FAMILY_ORDER)[number]) -
          DEMO_FAMILY_ORDER.indexOf(b.family as (typeof DEMO_FAMILY_ORDER)[number]),
      )
    : [];

  let body;
  if (!d) {
    body = info.isError ? (
      <ErrorState error={info.error} onRetry={() => void info.refetch()} />
    ) : (
      <PageSkeleton lines={6} height={360} />
    );
  } else if (!d.enabled) {
    body = <EmptyState title={t('closed')} />;
  } else {
    body = (
      <section className="nb-card" aria-labelledby="nb-demo-families">
        <h2 id="nb-demo-families" className="nb-card__title">
          {t('familiesTitle')}
        </h2>
        {venues.length === 0 ? (
          <p className="nb-demo__muted">{t('noVenues')}</p>
        ) : (
          <ul className="nb-demo__venues">
            {venues.map((v) => (
              <li key={v.code} className="nb-demo__venue" data-testid={`demo-venue-${v.code}`}>
                <span className="nb-demo__family">
                  {t(`families.${v.family}`, { defaultValue: v.family })}
                </span>
                <span className="nb-demo__name">{v.name}</span>
                <Link className="nb-btn nb-btn--solid nb-demo__start" to={demoPlayPath(v.code)}>
                  {t('start')}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
    );
  }

  return (
    <PageFrame title={t('title')} className="nb-demo">
      <section className="nb-card nb-demo__intro" aria-labelledby="nb-demo-intro">
        <h2 id="nb-demo-intro" className="nb-card__title">
          {t('introTitle')} <span className="nb-demo__badge">{t('badge')}</span>
        </h2>
        <p>{t('introText')}</p>
        {d && (
          <p className="nb-demo__amount">
            {t('playAmount')} <Money value={d.playAmount} />
          </p>
        )}
        <ul className="nb-demo__rules">
          {rules.map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ul>
      </section>
      {body}
      <section className="nb-card nb-demo__cta" aria-labelledby="nb-demo-register">
        <h2 id="nb-demo-register" className="nb-card__title">
          {t('registerTitle')}
        </h2>
        <p className="nb-demo__muted">{t('registerText')}</p>
        <Link className="nb-btn nb-btn--solid" to={REGISTER_PATH} data-testid="demo-register">
          {t('register')}
        </Link>
      </section>
    </PageFrame>
  );
}
