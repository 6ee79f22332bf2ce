import type { BetRecord } from '@nebula/protocol/api/venues/venues.schemas';
import { familyNeedsDialect } from '@nebula/protocol/venue/registry';
import { Button } from 'antd-mobile';
import { useTranslation } from '../../../i18n/use-translation';
import { BottomSheet } from '../../../components/ui/bottom-sheet';
import { Money } from '../../../components/ui/money';
import { StatusBadge } from '../../../components/ui/status-badge';
import { showOdds, useOddsType } from '../../../lib/odds-type';
import { shanghaiDateTime } from '../../../lib/shanghai-date';
import { betTone } from '../model/bet-display';
import { legLabel } from '../../../lib/leg-label';

/** One bet in full: its legs with their prices and results, the money, and a share button. */
export function BetDetailSheet({
  bet,
  onClose,
  onShare,
}: {
  bet: BetRecord | null;
  onClose: () => void;
  onShare?: (bet: BetRecord) => void;
}) {
  const { t } = useTranslation('records');
  const oddsType = useOddsType((s) => s.oddsType);
  if (!bet) return null;
  // A house game's odds are its paytable's, shown as they are; a sportsbook's in the member's type.
  const odds = (milli: number) =>
    familyNeedsDialect(bet.family) ? showOdds(milli, oddsType) : (milli / 1000).toFixed(2);
  const rows: [string, React.ReactNode][] = [
    [t('bets.id'), <span className="nb-bet__id">{bet.betId}</span>],
    [t('bets.venue'), bet.venueName],
    [t('bets.placedAt'), shanghaiDateTime(bet.placedAt)],
    [t('bets.stake'), <Money value={bet.stake} />],
    [t('bets.odds'), odds(bet.oddsMilli)],
    [t('bets.potentialWin'), <Money value={bet.potentialWin} />],
    [t('bets.payout'), bet.payout === null ? t('bets.notSettled') : <Money value={bet.payout} />],
    [t('bets.winLoss'), bet.winLoss === null ? '—' : <Money value={bet.winLoss} signed />],
    [t('bets.validTurnover'), <Money value={bet.validTurnover} />],
    [t('bets.settledAt'), bet.settledAt === null ? '—' : shanghaiDateTime(bet.settledAt)],
  ];
  return (
    <BottomSheet visible title={t('bets.detailTitle')} onClose={onClose}>
      <div className="nb-betd" data-bet={bet.betId}>
        <p className="nb-betd__head">
          <span>
            {bet.kind === 'single' ? t('bets.single') : t('bets.parlay', { n: bet.legs.length })}
          </span>
          <StatusBadge tone={betTone(bet.status)}>{t(`bets.status.${bet.status}`)}</StatusBadge>
        </p>
        <ol className="nb-betd__legs">
          {bet.legs.map((leg) => (
            <li key={leg.selectionId} className="nb-betd__leg">
              <span className="nb-betd__match">{leg.match}</span>
              <span className="nb-betd__pick">
                {legLabel(leg)}
                <span className="nb-betd__odds"> @{odds(leg.oddsMilli)}</span>
              </span>
              <span className={`nb-betd__result nb-betd__result--${leg.result}`}>
                {t(`bets.legResult.${leg.result}`)}
              </span>
            </li>
          ))}
        </ol>
        <dl className="nb-betd__facts">
          {rows.map(([label, value]) => (
            <div key={label} className="nb-betd__fact">
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        {onShare && (
          <Button block color="primary" fill="outline" shape="rounded" onClick={() => onShare(bet)}>
            {t('bets.share')}
          </Button>
        )}
      </div>
    </BottomSheet>
  );
}
