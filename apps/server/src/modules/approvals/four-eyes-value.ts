import { parseMoney, type FourEyesMarker } from '@nebula/protocol';
import type { SiteSettings } from '../settings/settings.schema';

/**
 * The value an action moves: site money in fen, COIN units (valued at the COIN rate), or
 * whole points (the points class, compared with its own threshold in points).
 */
export interface ActionValue {
  asset: 'CNY' | 'COIN' | 'POINTS';
  units: bigint;
}

/**
 * The action's value and its class's threshold in one unit (docs/contract.md §4.1): fen for
 * the money and promo classes, points for the points class — points buy mall items but have
 * no yuan rate, so they are never converted.
 */
export function valueAndThreshold(
  s: SiteSettings,
  marker: FourEyesMarker,
  value: ActionValue,
): [bigint, bigint] {
  if ((marker.class === 'points') !== (value.asset === 'POINTS'))
    throw new Error(`a ${marker.class} four-eyes action valued in ${value.asset}`);
  if (marker.class === 'points') return [value.units, BigInt(s.fourEyesPointsThreshold)];
  const threshold = parseMoney(
    marker.class === 'money' ? s.fourEyesMoneyThreshold : s.fourEyesPromoThreshold,
  );
  const fen = value.asset === 'CNY' ? value.units : value.units * parseMoney(s.coinRate);
  return [fen, threshold];
}
