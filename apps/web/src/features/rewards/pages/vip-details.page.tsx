import { useTranslation } from '../../../i18n/use-translation';
import { formatFigure } from '../../../components/ui/money';
import { PageFrame } from '../../../components/ui/page-frame';
import { ErrorState, PageSkeleton } from '../../../components/ui/page-states';
import { VIP_PATH } from '../../../site/paths';
import { useVipTable } from '../api/rewards.queries';
import '../components/rewards.css';

/** /mine/vip/details: the whole table — thresholds, packets, 返水 per family. */
export function VipDetailsPage() {
  const { t } = useTranslation('rewards');
  const table = useVipTable();
  const d = table.data;
  const body = !d ? (
    table.isError ? (
      <ErrorState error={table.error} onRetry={() => void table.refetch()} />
    ) : (
      <PageSkeleton lines={10} height={480} />
    )
  ) : (
    <>
      <section className="nb-card" aria-labelledby="nb-vip-thresholds">
        <h2 id="nb-vip-thresholds" className="nb-card__title">
          {t('details.thresholds')}
        </h2>
        <div className="nb-rewards__scroll">
          <table className="nb-rewards__table" data-testid="vip-table">
            <thead>
              <tr>
                <th>{t('details.level')}</th>
                <th>{t('details.deposit')}</th>
                <th>{t('details.turnover')}</th>
                <th>{t('details.upgrade')}</th>
                <th>{t('details.monthly')}</th>
                <th>{t('details.birthday')}</th>
              </tr>
            </thead>
            <tbody>
              {d.list.map((l) => (
                <tr key={l.level}>
                  <td>{l.name}</td>
                  <td>{formatFigure(l.depositThreshold)}</td>
                  <td>{formatFigure(l.turnoverThreshold)}</td>
                  <td>{formatFigure(l.upgradeBonus)}</td>
                  <td>{formatFigure(l.monthlyPacket)}</td>
                  <td>{formatFigure(l.birthdayPacket)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p className="nb-rewards__rule">{t('details.retention')}</p>
      </section>
      <section className="nb-card" aria-labelledby="nb-vip-rates">
        <h2 id="nb-vip-rates" className="nb-card__title">
          {t('details.rates')}
        </h2>
        <div className="nb-rewards__scroll">
          <table className="nb-rewards__table">
            <thead>
              <tr>
                <th>{t('details.level')}</th>
                {d.families.map((f) => (
                  <th key={f.family}>{f.name}</th>
                ))}
                <th>{t('details.cap')}</th>
              </tr>
            </thead>
            <tbody>
              {d.list.map((l) => (
                <tr key={l.level}>
                  <td>{l.name}</td>
                  {d.families.map((f) => (
                    <td key={f.family}>
                      {d.rates.find((r) => r.level === l.level && r.family === f.family)
                        ?.ratePercent ?? '0'}
                      %
                    </td>
                  ))}
                  <td>{formatFigure(l.rebateDailyCap)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </>
  );
  return (
    <PageFrame title={t('details.title')} backTo={VIP_PATH}>
      {body}
    </PageFrame>
  );
}
