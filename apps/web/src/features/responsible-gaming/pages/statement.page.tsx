import type { Statement } from '@nebula/protocol/api/responsible-gaming/responsible-gaming.schemas';
import { Button, PullToRefresh } from 'antd-mobile';
import { DownlandOutline } from 'antd-mobile-icons';
import { useId } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { useSearchParams } from 'react-router';
import { Money } from '../../../components/ui/money';
import { PageFrame } from '../../../components/ui/page-frame';
import { ErrorState, PageSkeleton } from '../../../components/ui/page-states';
import { serverNow } from '../../../lib/clock';
import { shanghaiDate } from '../../../lib/shanghai-date';
import { MINE_PATH } from '../../../site/paths';
import { useStatement } from '../api/statement.query';
import { downloadCsv, statementCsv } from '../model/statement-csv';
import '../components/statement.css';

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

function Funds({ s }: { s: Statement }) {
  const { t } = useTranslation('responsibleGaming');
  return (
    <section className="nb-card" aria-labelledby="nb-stmt-funds">
      <h2 id="nb-stmt-funds" className="nb-card__title">
        {t('statement.funds')}
      </h2>
      <dl className="nb-stmt__grid">
        <div>
          <dt>{t('statement.deposits')}</dt>
          <dd data-testid="stmt-deposits">
            <Money value={s.deposits} />
          </dd>
        </div>
        <div>
          <dt>{t('statement.withdrawals')}</dt>
          <dd data-testid="stmt-withdrawals">
            <Money value={s.withdrawals} />
          </dd>
        </div>
        <div>
          <dt>{t('statement.netDeposits')}</dt>
          <dd data-testid="stmt-net-deposits">
            <Money value={s.netDeposits} signed />
          </dd>
        </div>
      </dl>
      <p className="nb-stmt__lifetime">
        <span>{t('statement.lifetime')}</span>
        <Money value={s.lifetimeNetDeposits} signed className="nb-stmt__lifetime-figure" />
      </p>
    </section>
  );
}

function Games({ s }: { s: Statement }) {
  const { t } = useTranslation('responsibleGaming');
  return (
    <section className="nb-card" aria-labelledby="nb-stmt-games">
      <h2 id="nb-stmt-games" className="nb-card__title">
        {t('statement.games')}
      </h2>
      {s.families.length === 0 ? (
        <p className="nb-stmt__empty">{t('statement.noBets')}</p>
      ) : (
        <table className="nb-stmt__table">
          <thead>
            <tr>
              <th scope="col">{t('statement.family')}</th>
              <th scope="col">{t('statement.stakes')}</th>
              <th scope="col">{t('statement.payouts')}</th>
              <th scope="col">{t('statement.net')}</th>
            </tr>
          </thead>
          <tbody>
            {s.families.map((f) => (
              <tr key={f.family} data-family={f.family}>
                <th scope="row">
                  {t(`statement.families.${f.family}` as 'statement.families.TY', {
                    defaultValue: f.family,
                  })}
                  <span className="nb-stmt__bets">{t('statement.betsCount', { n: f.bets })}</span>
                </th>
                <td>
                  <Money value={f.stakes} />
                </td>
                <td>
                  <Money value={f.payouts} />
                </td>
                <td>
                  <Money value={f.net} signed />
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">{t('statement.total')}</th>
              <td>
                <Money value={s.stakes} />
              </td>
              <td>
                <Money value={s.payouts} />
              </td>
              <td data-testid="stmt-net">
                <Money value={s.net} signed />
              </td>
            </tr>
          </tfoot>
        </table>
      )}
    </section>
  );
}

/**
 * /mine/statement (responsible gambling, contract §5): one Asia/Shanghai month at a time, picked
 * from the months since registration (?month= keeps it in the address): money in and out, the
 * settled bets per family, the lifetime net deposit, and the month as a CSV download.
 */
export function StatementPage() {
  const { t } = useTranslation('responsibleGaming');
  const pickerId = useId();
  const [params, setParams] = useSearchParams();
  const asked = params.get('month');
  const month = asked && MONTH.test(asked) ? asked : shanghaiDate(serverNow()).slice(0, 7);
  const statement = useStatement(month);
  const s = statement.data;

  const exportCsv = () => {
    if (!s) return;
    const csv = statementCsv(s, {
      item: t('statement.month'),
      amount: s.month,
      deposits: t('statement.deposits'),
      withdrawals: t('statement.withdrawals'),
      netDeposits: t('statement.netDeposits'),
      lifetime: t('statement.lifetime'),
      family: t('statement.family'),
      bets: t('statement.bets'),
      stakes: t('statement.stakes'),
      payouts: t('statement.payouts'),
      net: t('statement.net'),
      total: t('statement.total'),
      familyName: (code) =>
        t(`statement.families.${code}` as 'statement.families.TY', { defaultValue: code }),
    });
    downloadCsv(csv, t('statement.csvName', { month: s.month }));
  };

  const months = s?.months.includes(month) ? s.months : [month, ...(s?.months ?? [])];
  return (
    <PageFrame title={t('statement.title')} backTo={MINE_PATH}>
      <PullToRefresh onRefresh={() => statement.refetch().then(() => undefined)}>
        <div className="nb-stmt__bar">
          <label className="nb-stmt__picker" htmlFor={pickerId}>
            <span>{t('statement.month')}</span>
            <select
              id={pickerId}
              className="nb-stmt__select"
              value={month}
              onChange={(event) => setParams({ month: event.target.value }, { replace: true })}
            >
              {months.map((m) => (
                <option key={m} value={m}>
                  {m}
                </option>
              ))}
            </select>
          </label>
          <Button
            className="nb-stmt__csv"
            size="small"
            shape="rounded"
            color="primary"
            fill="outline"
            disabled={!s}
            onClick={exportCsv}
          >
            <DownlandOutline aria-hidden="true" /> {t('statement.csv')}
          </Button>
        </div>
        {!s ? (
          statement.isError ? (
            <ErrorState error={statement.error} onRetry={() => void statement.refetch()} />
          ) : (
            <PageSkeleton lines={8} height={420} />
          )
        ) : (
          <>
            <Funds s={s} />
            <Games s={s} />
            <p className="nb-stmt__note">{t('statement.note')}</p>
          </>
        )}
      </PullToRefresh>
    </PageFrame>
  );
}
