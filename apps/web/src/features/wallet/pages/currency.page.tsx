import type { CoinInfo } from '@nebula/protocol/api/wallet/wallet.schemas';
import { formatAmount, formatCoin, formatFen } from '@nebula/protocol/format/number-format';
import { parseMoney } from '@nebula/protocol/money/fen';
import { Button, PullToRefresh, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Link } from 'react-router';
import { AmountInput } from '../../../components/ui/amount-input';
import { Money } from '../../../components/ui/money';
import { MoneyConfirmSheet } from '../../../components/ui/money-confirm-sheet';
import { PageFrame } from '../../../components/ui/page-frame';
import { ErrorState, PageSkeleton } from '../../../components/ui/page-states';
import { amountProblem, minAmount, wireAmount } from '../../../lib/amount';
import { CURRENCY_RECORD_PATH, DEPOSIT_PATH, MINE_PATH } from '../../../site/paths';
import { useCoinBuy } from '../api/coin-buy.mutation';
import { useCoinInfo } from '../api/coin-info.query';
import { coinCostFen, coinsAffordable } from '../model/conversions';
import { moneyErrorText } from '../model/money-errors';
import '../components/wallet.css';
import '../components/finance.css';
import { currencyName } from '../../../i18n/i18n';

function BuyForm({ info }: { info: CoinInfo }) {
  const { t } = useTranslation('wallet');
  const buy = useCoinBuy();
  const [coins, setCoins] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [bought, setBought] = useState<CoinInfo | null>(null);
  const main = parseMoney(info.main);
  const valid = amountProblem(coins, { min: info.min, max: info.max, decimals: 0 }) === null;
  const cost = valid ? coinCostFen(wireAmount(coins), info.rate) : null;
  const short = cost !== null && cost > main;
  const most = minAmount(coinsAffordable(main, info.rate), BigInt(info.max));

  const submit = async () => {
    setMessage(null);
    try {
      const after = await buy.mutateAsync(wireAmount(coins));
      setConfirming(false);
      setCoins('');
      setBought(after);
      Toast.show({ content: t('coin.done') });
    } catch (error) {
      setMessage(moneyErrorText(error));
    }
  };

  return (
    <section className="nb-card" aria-labelledby="nb-coin-buy">
      <h2 id="nb-coin-buy" className="nb-card__title">
        {t('coin.buy')}
      </h2>
      {bought && (
        <p className="nb-done__inline" role="status" data-testid="coin-bought">
          {t('coin.after', {
            coin: formatCoin(BigInt(bought.balance)),
            main: formatAmount(bought.main),
          })}
        </p>
      )}
      <form
        className="nb-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (valid && !short) setConfirming(true);
        }}
      >
        <AmountInput
          label={t('coin.amount')}
          value={coins}
          onChange={(value) => {
            setCoins(value);
            setBought(null);
          }}
          min={info.min}
          max={info.max}
          decimals={0}
          unit={currencyName()}
          placeholder={t('coin.placeholder')}
          onMax={most > 0n ? () => setCoins(most.toString()) : undefined}
          error={short ? t('coin.short') : null}
          extraHint={
            <span data-testid="coin-cost">
              {cost !== null
                ? t('coin.cost', { cost: formatFen(cost), rate: formatAmount(info.rate) })
                : t('coin.rateLine', { rate: formatAmount(info.rate) })}
            </span>
          }
        />
        {short && (
          <Link className="nb-inline-link" to={DEPOSIT_PATH}>
            {t('coin.goDeposit')}
          </Link>
        )}
        <Button
          className="nb-form__submit"
          type="submit"
          block
          color="primary"
          shape="rounded"
          disabled={!valid || short}
        >
          {t('coin.submit')}
        </Button>
      </form>
      <MoneyConfirmSheet
        visible={confirming}
        title={t('coin.confirmTitle')}
        amountLabel={t('coin.confirmAmount')}
        amount={cost !== null ? formatFen(cost) : ''}
        unit="CNY"
        details={[
          {
            key: 'coins',
            label: t('coin.amount'),
            value: `${formatCoin(BigInt(wireAmount(coins) || '0'))} ${currencyName()}`,
          },
          {
            key: 'rate',
            label: t('coin.rate'),
            value: t('coin.rateValue', { rate: formatAmount(info.rate) }),
          },
        ]}
        message={message}
        confirmText={t('coin.confirm')}
        loading={buy.isPending}
        onConfirm={() => void submit()}
        onClose={() => {
          setConfirming(false);
          setMessage(null);
        }}
      />
    </section>
  );
}

/** /mine/currency: the COIN balance and rate; buy whole COIN with main-wallet money. */
export function CurrencyPage() {
  const { t } = useTranslation('wallet');
  const coin = useCoinInfo();
  const info = coin.data;
  const body = !info ? (
    coin.isError ? (
      <ErrorState error={coin.error} onRetry={() => void coin.refetch()} />
    ) : (
      <PageSkeleton lines={8} height={420} />
    )
  ) : (
    <>
      <section className="nb-whero nb-whero--gold" aria-label={t('coin.balance')}>
        <p className="nb-whero__label">{t('coin.balance')}</p>
        <p className="nb-whero__figure" data-testid="coin-balance">
          <Money value={info.balance} coin />
          <span className="nb-whero__unit">{currencyName()}</span>
        </p>
        <p className="nb-whero__total">
          {t('coin.rateValue', { rate: formatAmount(info.rate) })} ·{' '}
          {t('coin.main', { main: formatAmount(info.main) })}
        </p>
      </section>
      <BuyForm info={info} />
      <p className="nb-coin__note">{t('coin.note')}</p>
      <Link className="nb-wlink" to={CURRENCY_RECORD_PATH}>
        {t('coin.records')}
      </Link>
    </>
  );
  return (
    <PageFrame title={t('coin.title')} backTo={MINE_PATH}>
      <PullToRefresh onRefresh={() => coin.refetch().then(() => undefined)}>{body}</PullToRefresh>
    </PageFrame>
  );
}
