import type { MallHome, MallItem } from '@nebula/protocol/api/mall/mall.schemas';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Link } from 'react-router';
import { formatFigure } from '../../../components/ui/money';
import { MALL_COIN_RECORD_PATH } from '../../../site/paths';
import { RedeemSheet } from './redeem-sheet';

/** 积分商城: the member's points and the items on sale, each with its redeem button. */
export function MallShelf({ home }: { home: MallHome }) {
  const { t } = useTranslation('mall');
  const [chosen, setChosen] = useState<MallItem | null>(null);
  const held = BigInt(home.points);
  return (
    <>
      <section className="nb-card nb-mall__balance" aria-label={t('points')}>
        <div>
          <div className="nb-mall__label">{t('points')}</div>
          <strong className="nb-mall__points" data-testid="mall-points">
            {formatFigure(home.points, true)}
          </strong>
        </div>
        <Link className="nb-btn nb-btn--small nb-btn--solid" to={MALL_COIN_RECORD_PATH}>
          {t('pointsLink')}
        </Link>
      </section>
      <section className="nb-card" aria-labelledby="nb-mall-items">
        <h2 id="nb-mall-items" className="nb-card__title">
          {t('items')}
        </h2>
        {home.items.length === 0 ? (
          <p className="nb-mall__muted">{t('noItems')}</p>
        ) : (
          <ul className="nb-mall__grid">
            {home.items.map((item) => {
              const short = held < BigInt(item.price);
              const out = item.stock === 0;
              return (
                <li key={item.id} className="nb-mall__item" data-testid="mall-item">
                  <span className={`nb-mall__kind nb-mall__kind--${item.kind}`}>
                    {t(`kind.${item.kind}`)}
                  </span>
                  <div className="nb-mall__title">{item.title}</div>
                  <div className="nb-mall__muted">
                    {t(`value.${item.kind}`, {
                      value: item.kind === 'bonus' ? formatFigure(item.value) : item.value,
                      multiple: item.turnoverMultiple,
                    })}
                  </div>
                  <div className="nb-mall__price">
                    {t('pointsUnit', { points: formatFigure(item.price, true) })}
                  </div>
                  <div className="nb-mall__muted">
                    {out ? t('soldOut') : t('stock', { stock: item.stock })}
                    {item.perMemberLimit !== null &&
                      ` · ${t('limit', { limit: item.perMemberLimit })}`}
                  </div>
                  <Button
                    size="small"
                    color="primary"
                    shape="rounded"
                    disabled={short || out}
                    onClick={() => setChosen(item)}
                  >
                    {out ? t('soldOut') : short ? t('notEnough') : t('redeem')}
                  </Button>
                </li>
              );
            })}
          </ul>
        )}
      </section>
      <RedeemSheet item={chosen} points={home.points} onClose={() => setChosen(null)} />
    </>
  );
}
