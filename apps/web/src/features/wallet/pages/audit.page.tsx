import type { Turnover } from '@nebula/protocol/api/wallet/wallet.schemas';
import { formatAmount } from '@nebula/protocol/format/number-format';
import { parseMoney } from '@nebula/protocol/money/fen';
import { ProgressBar, PullToRefresh } from 'antd-mobile';
import { useTranslation } from '../../../i18n/use-translation';
import { Link } from 'react-router';
import { KeyValues, Money } from '../../../components/ui/money';
import { PageFrame } from '../../../components/ui/page-frame';
import { EmptyState, ErrorState, PageSkeleton } from '../../../components/ui/page-states';
import { shanghaiDateTime } from '../../../lib/shanghai-date';
import { DEPOSIT_PATH, MINE_PATH, WITHDRAWAL_PATH } from '../../../site/paths';
import { useTurnover } from '../api/turnover.query';
import '../components/finance.css';

/** Completed share of the requirement in whole percent, computed in fen (0–100). */
export function turnoverPercent(turnover: Turnover): number {
  const required = parseMoney(turnover.required);
  if (required === 0n) return 100;
  const done = parseMoney(turnover.completed) + parseMoney(turnover.waived);
  const percent = (done * 100n) / required;
  return Number(percent > 100n ? 100n : percent);
}

function Summary({ turnover }: { turnover: Turnover }) {
  const { t } = useTranslation('wallet');
  const missing = parseMoney(turnover.missing) > 0n;
  return (
    <section className="nb-card nb-audit" aria-label={t('audit.summary')}>
      <p
        className={`nb-audit__state${missing ? ' nb-audit__state--open' : ''}`}
        data-testid="audit-state"
      >
        {missing ? t('audit.missing', { missing: formatAmount(turnover.missing) }) : t('audit.met')}
      </p>
      <ProgressBar percent={turnoverPercent(turnover)} className="nb-audit__bar" />
      <KeyValues
        rows={[
          {
            key: 'required',
            label: t('audit.required'),
            value: <Money value={turnover.required} />,
          },
          {
            key: 'completed',
            label: t('audit.completed'),
            value: <Money value={turnover.completed} />,
          },
          { key: 'waived', label: t('audit.waived'), value: <Money value={turnover.waived} /> },
          {
            key: 'missing',
            label: t('audit.stillMissing'),
            value: <Money value={turnover.missing} />,
          },
          {
            key: 'multiplier',
            label: t('audit.multiplier'),
            value: t('audit.multiplierValue', { multiplier: turnover.multiplier }),
          },
        ]}
      />
      <p className="nb-audit__rule">{t('audit.rule', { multiplier: turnover.multiplier })}</p>
      {!missing && (
        <Link className="nb-inline-link" to={WITHDRAWAL_PATH}>
          {t('audit.goWithdraw')}
        </Link>
      )}
    </section>
  );
}

/** /mine/audit: the turnover requirement — required, done, waived, missing, and each entry. */
export function AuditPage() {
  const { t } = useTranslation('wallet');
  const turnover = useTurnover();
  const data = turnover.data;
  const body = !data ? (
    turnover.isError ? (
      <ErrorState error={turnover.error} onRetry={() => void turnover.refetch()} />
    ) : (
      <PageSkeleton lines={8} height={420} />
    )
  ) : (
    <>
      <Summary turnover={data} />
      <section className="nb-card" aria-labelledby="nb-audit-items">
        <h2 id="nb-audit-items" className="nb-card__title">
          {t('audit.items')}
        </h2>
        {data.items.length === 0 ? (
          <EmptyState
            title={t('audit.empty')}
            hint={t('audit.emptyHint')}
            action={
              <Link className="nb-btn nb-btn--small nb-btn--solid" to={DEPOSIT_PATH}>
                {t('summary.deposit')}
              </Link>
            }
          />
        ) : (
          <ul className="nb-audit__items">
            {data.items.map((item, index) => (
              <li key={`${item.time}-${index}`} className="nb-audit__item">
                <span className="nb-audit__item-text">
                  <span className="nb-audit__kind">{t(`audit.kind.${item.kind}`)}</span>
                  <span className="nb-audit__note">{item.note}</span>
                  <span className="nb-audit__time">{shanghaiDateTime(item.time)}</span>
                </span>
                <Money
                  value={item.kind === 'reverse' ? `-${item.amount}` : item.amount}
                  signed={item.kind === 'reverse'}
                  className={`nb-audit__amount nb-audit__amount--${item.kind}`}
                />
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
  return (
    <PageFrame title={t('audit.title')} backTo={MINE_PATH}>
      <PullToRefresh onRefresh={() => turnover.refetch().then(() => undefined)}>
        {body}
      </PullToRefresh>
    </PageFrame>
  );
}
