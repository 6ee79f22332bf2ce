import type { SharedBetCardMessage } from '@nebula/protocol/ws/messages';
import { formatAmount } from '@nebula/protocol/format/number-format';
import { parseGameSelectionId } from '@nebula/protocol/venue/games/game-selection';
import { useTranslation } from '../../../i18n/use-translation';
import { showOdds, useOddsType } from '../../../lib/odds-type';
import { shanghaiTime } from '../../../lib/shanghai-date';
import { legLabel } from '../../../lib/leg-label';

/**
 * A bet shared into the room (ShareBetRecord): the server built it from the sharer's bet; each
 * viewer reads the prices in their own odds type. 跟投 opens the venue with those selections on
 * the slip at their current prices. A house game bet (its selection ids are game picks,
 * docs/contract.md §10.11) is a game card: the paytable's decimal odds, and no 跟投 — a round's
 * picks cannot be followed onto a later round.
 */
export function BetCard({
  card,
  own,
  onFollow,
}: {
  card: SharedBetCardMessage;
  own: boolean;
  onFollow?: (card: SharedBetCardMessage) => void;
}) {
  const { t } = useTranslation('chat');
  const oddsType = useOddsType((s) => s.oddsType);
  const game = card.legs.some((l) => parseGameSelectionId(l.selectionId) !== null);
  const odds = (milli: number) => (game ? (milli / 1000).toFixed(2) : showOdds(milli, oddsType));
  return (
    <li
      className={`nb-betcard${own ? ' nb-betcard--own' : ''}${game ? ' nb-betcard--game' : ''}`}
      data-bet={card.betId}
    >
      <p className="nb-betcard__who">
        <bdi>{card.sender.nickname}</bdi> {t('bet.shared')}
        <span className="nb-betcard__time">{shanghaiTime(card.time)}</span>
      </p>
      <div className="nb-betcard__body">
        <p className="nb-betcard__head">
          <span>
            {card.venueName} ·{' '}
            {game
              ? t('bet.game')
              : card.kind === 'single'
                ? t('bet.single')
                : t('bet.parlay', { n: card.legs.length })}
          </span>
          <span className="nb-betcard__odds">@{odds(card.oddsMilli)}</span>
        </p>
        <ul className="nb-betcard__legs">
          {card.legs.map((leg) => (
            <li key={leg.selectionId} className="nb-betcard__leg">
              <span className="nb-betcard__match">{leg.match}</span>
              <span>
                {legLabel(leg)} <span className="nb-betcard__odds">{odds(leg.oddsMilli)}</span>
              </span>
            </li>
          ))}
        </ul>
        <p className="nb-betcard__money">
          {t('bet.stake', { amount: formatAmount(card.stake) })}
          <span>{t('bet.win', { amount: formatAmount(card.potentialWin) })}</span>
        </p>
        {onFollow && !own && !game && card.status === 'open' && (
          <button type="button" className="nb-betcard__follow" onClick={() => onFollow(card)}>
            {t('bet.follow')}
          </button>
        )}
      </div>
    </li>
  );
}
