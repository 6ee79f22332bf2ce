import type { CommissionRules } from '@nebula/protocol/api/agent/agent.schemas';
import { useTranslation } from '../../../i18n/use-translation';
import { formatFigure } from '../../../components/ui/money';

/** 佣金规则: the operator's tier table and how a month is computed. */
export function RulesCard({ rules }: { rules: CommissionRules }) {
  const { t } = useTranslation('agent');
  return (
    <section className="nb-card" aria-labelledby="nb-agent-rules">
      <h2 id="nb-agent-rules" className="nb-card__title">
        {t('rules.title')}
      </h2>
      <table className="nb-agent__table" data-testid="agent-tiers">
        <thead>
          <tr>
            <th>{t('rules.tier')}</th>
            <th>{t('rules.minActive')}</th>
            <th>{t('rules.minNgr')}</th>
            <th>{t('rules.rate')}</th>
          </tr>
        </thead>
        <tbody>
          {rules.tiers.map((tier, i) => (
            <tr key={i}>
              <td>{i + 1}</td>
              <td>{tier.minActive}</td>
              <td>{formatFigure(tier.minNgr)}</td>
              <td>{tier.ratePercent}%</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="nb-agent__note">{t('rules.text1', { fee: rules.feeRatePercent })}</p>
      <p className="nb-agent__note">
        {t('rules.text2', { min: formatFigure(rules.activeMinTurnover) })}
      </p>
      <p className="nb-agent__note">{t('rules.text3')}</p>
      <p className="nb-agent__note">{t('rules.text4')}</p>
    </section>
  );
}
