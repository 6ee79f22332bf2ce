import { useMemo } from 'react';
import {
  askRoad,
  bigRoad,
  DERIVED_ROADS,
  shoeCounts,
  type DerivedRoad,
  type RoadHand,
  type RoadSide,
} from '@nebula/protocol/venue/games/tables/roads';
import {
  BeadPlate,
  BigRoadView,
  DERIVED_LABELS,
  DerivedMark,
  DerivedRoadView,
  type SideNames,
} from './road-views';

const ROADS = Object.keys(DERIVED_ROADS) as DerivedRoad[];

/**
 * 问路: what 大眼仔, 小路 and 曱甴路 would add if the next decided hand went to `side` (庄 / 龙
 * or 闲 / 虎); a road that has not started yet shows nothing (docs/contract.md §10.12).
 */
export function AskRoad({
  hands,
  side,
  names,
}: {
  hands: readonly RoadHand[];
  side: RoadSide;
  names: SideNames;
}) {
  const next = askRoad(bigRoad(hands), side);
  return (
    <span className={`ask ask--${side}`} data-ask={side}>
      <span className="ask__label">{names[side]}问路</span>
      {ROADS.map((k) => {
        const colour = next[k];
        return (
          <svg
            key={k}
            width="14"
            height="14"
            viewBox="0 0 14 14"
            role="img"
            aria-label={`${DERIVED_LABELS[k]}${colour === null ? '无' : colour === 'red' ? '红' : '蓝'}`}
            data-road={k}
            data-colour={colour ?? 'none'}
          >
            {colour && <DerivedMark road={k} colour={colour} cx={7} cy={7} r={5} />}
          </svg>
        );
      })}
    </span>
  );
}

/** The shoe's counts: 庄 闲 和 庄对 闲对 (龙虎: 龙 虎 和), and hands played. */
export function ShoeCountsView({
  hands,
  names,
  pairs,
}: {
  hands: readonly RoadHand[];
  names: SideNames;
  pairs: boolean;
}) {
  const n = shoeCounts(hands);
  return (
    <span className="shoe-counts" aria-label="本靴统计">
      <span className="shoe-counts__a" data-count="a">
        {names.a} {n.a}
      </span>
      <span className="shoe-counts__b" data-count="b">
        {names.b} {n.b}
      </span>
      <span className="shoe-counts__t" data-count="t">
        {names.t} {n.t}
      </span>
      {pairs && (
        <>
          <span className="shoe-counts__a" data-count="bankerPair">
            庄对 {n.bankerPair}
          </span>
          <span className="shoe-counts__b" data-count="playerPair">
            闲对 {n.playerPair}
          </span>
        </>
      )}
      <span className="shoe-counts__n" data-count="hands">
        局数 {hands.length}
      </span>
    </span>
  );
}

/** Every road of a shoe with 问路 and the counts: the table page's board. */
export function RoadPanel({
  hands,
  names,
  pairs,
}: {
  hands: readonly RoadHand[];
  names: SideNames;
  pairs: boolean;
}) {
  const road = useMemo(() => bigRoad(hands), [hands]);
  return (
    <section className="roads" aria-label="路单">
      <div className="roads__head">
        <ShoeCountsView hands={hands} names={names} pairs={pairs} />
      </div>
      <BigRoadView road={road} cols={24} cell={14} />
      <div className="roads__derived">
        <DerivedRoadView road={road} kind="bigEye" back={DERIVED_ROADS.bigEye} cols={24} cell={7} />
        <DerivedRoadView road={road} kind="small" back={DERIVED_ROADS.small} cols={12} cell={7} />
        <DerivedRoadView
          road={road}
          kind="cockroach"
          back={DERIVED_ROADS.cockroach}
          cols={12}
          cell={7}
        />
      </div>
      <div className="roads__low">
        <BeadPlate hands={hands} names={names} cols={9} cell={18} />
        <div className="roads__ask">
          <AskRoad hands={hands} side="a" names={names} />
          <AskRoad hands={hands} side="b" names={names} />
        </div>
      </div>
    </section>
  );
}
