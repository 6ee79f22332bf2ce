import { ExclamationTriangleOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../i18n/use-translation';

interface TutorialSectionProps {
  art: string;
  title: string;
  summary: string;
  steps: readonly string[];
  tips: readonly string[];
  actions?: ReactNode;
}

/** One tutorial: an illustration, what it is, numbered steps and the things to watch for. */
export function TutorialSection({
  art,
  title,
  summary,
  steps,
  tips,
  actions,
}: TutorialSectionProps) {
  const { t } = useTranslation('tutorial');
  return (
    <article className="nb-card nb-tut" aria-labelledby="nb-tut-title">
      <img
        className="nb-tut__art"
        src={`/static/tutorial/${art}.svg`}
        alt=""
        width={320}
        height={160}
      />
      <h2 id="nb-tut-title" className="nb-tut__title">
        {title}
      </h2>
      <p className="nb-tut__summary">{summary}</p>
      <h3 className="nb-tut__heading">{t('stepsTitle')}</h3>
      <ol className="nb-tut__steps">
        {steps.map((step) => (
          <li key={step} className="nb-tut__step">
            {step}
          </li>
        ))}
      </ol>
      <h3 className="nb-tut__heading">{t('tipsTitle')}</h3>
      <ul className="nb-tut__tips">
        {tips.map((tip) => (
          <li key={tip} className="nb-tut__tip">
            <ExclamationTriangleOutline className="nb-tut__tip-icon" aria-hidden="true" />
            {tip}
          </li>
        ))}
      </ul>
      {actions && <div className="nb-tut__actions">{actions}</div>}
    </article>
  );
}
