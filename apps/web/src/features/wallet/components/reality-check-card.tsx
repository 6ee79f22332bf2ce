import { REALITY_CHECK_MINUTES } from '@nebula/protocol/api/responsible-gaming/responsible-gaming.constants';
import { Selector, Toast } from 'antd-mobile';
import { useTranslation } from '../../../i18n/use-translation';
import { describeError } from '../../../lib/api-errors';
import { useRealityCheckInterval, useRealityCheckIntervalSet } from '../api/reality-check.api';

/**
 * The reality-check interval (contract §5): off, 15, 30, 60 or 120 minutes; until the member
 * chooses, the site's default is shown selected.
 */
export function RealityCheckCard() {
  const { t } = useTranslation('wallet');
  const status = useRealityCheckInterval();
  const save = useRealityCheckIntervalSet();
  if (!status.data) return null;
  const options = REALITY_CHECK_MINUTES.map((n) => ({
    label: n === 0 ? t('realityCheck.off') : t('realityCheck.minutes', { n }),
    value: n,
  }));
  return (
    <section className="nb-card nb-limit" aria-label={t('realityCheck.title')}>
      <h2 className="nb-limit__title">{t('realityCheck.title')}</h2>
      <p className="nb-limit__used">{t('realityCheck.intro')}</p>
      <Selector
        className="nb-limit__choices"
        columns={3}
        options={options}
        value={[status.data.minutes]}
        onChange={(values) => {
          const minutes = values[0];
          if (minutes === undefined || minutes === status.data.minutes) return;
          save.mutateAsync(minutes).then(
            () => Toast.show({ content: t('realityCheck.saved') }),
            (error: unknown) => Toast.show({ content: describeError(error).message }),
          );
        }}
      />
    </section>
  );
}
