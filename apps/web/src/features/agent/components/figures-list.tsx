import type { CommissionFigures } from '@nebula/protocol/api/agent/agent.schemas';
import { useTranslation } from '../../../i18n/use-translation';
import { KeyValues, Money, formatFigure } from '../../../components/ui/money';

/** A month's commission with every input, as the statement stores it. */
export function FiguresList({ f }: { f: CommissionFigures }) {
  const { t } = useTranslation('agent');
  const money = (value: string) => <Money value={value} />;
  const rows = [
    { key: 'members', label: t('figures.members'), value: f.members },
    {
      key: 'active',
      label: t('figures.active', { min: formatFigure(f.activeMinTurnover) }),
      value: f.active,
    },
    { key: 'stakes', label: t('figures.stakes'), value: money(f.stakes) },
    { key: 'payouts', label: t('figures.payouts'), value: money(f.payouts) },
    { key: 'grants', label: t('figures.grants'), value: money(f.grants) },
    { key: 'rebates', label: t('figures.rebates'), value: money(f.rebates) },
    { key: 'deposits', label: t('figures.deposits'), value: money(f.deposits) },
    { key: 'fees', label: t('figures.fees', { rate: f.feeRatePercent }), value: money(f.fees) },
    { key: 'ngr', label: t('figures.ngr'), value: <Money value={f.ngr} signed /> },
    { key: 'carryIn', label: t('figures.carryIn'), value: <Money value={f.carryIn} signed /> },
    { key: 'net', label: t('figures.net'), value: <Money value={f.net} signed /> },
    { key: 'rate', label: t('figures.rate'), value: `${f.ratePercent}%` },
    { key: 'sub', label: t('figures.subDeduction'), value: money(f.subDeduction) },
    { key: 'computed', label: t('figures.computed'), value: money(f.computed) },
    { key: 'amount', label: t('figures.amount'), value: <strong>{money(f.amount)}</strong> },
    { key: 'carryOut', label: t('figures.carryOut'), value: <Money value={f.carryOut} signed /> },
  ];
  return <KeyValues rows={rows} className="nb-agent__figures" />;
}
