import type { DepositBonusRule } from '@nebula/protocol/api/activity/activity.schemas';
import { useTranslation } from '../../../i18n/use-translation';
import { formatFigure } from '../../../components/ui/money';

/** The 首存 / 续存 rule in plain words, beside the operator's rules text. */
export function DepositBonusTerms({ rule }: { rule: DepositBonusRule }) {
  const { t } = useTranslation('activities');
  const percent = (rule.percentBp / 100).toString();
  return (
    <ul className="nb-act__terms">
      <li>{t('bonus.percent', { percent, cap: formatFigure(rule.cap) })}</li>
      <li>{t('bonus.min', { min: formatFigure(rule.minDeposit) })}</li>
      <li>{t('bonus.turnover', { multiple: rule.turnoverMultiple })}</li>
      <li>{t('bonus.window', { hours: rule.claimWindowHours })}</li>
      <li>{t('bonus.giveUp')}</li>
    </ul>
  );
}
