import { useEffect, useState, type ReactNode } from 'react';
import type { DealtCard, TableHandView } from '@nebula/protocol/venue/games/tables-api';
import { baccaratValue } from '@nebula/protocol/venue/games/tables/baccarat';
import type { TableKind } from '@nebula/protocol/venue/games/tables-zones';

/**
 * The deal: the round's cards turned one by one in dealing order (P1 B1 P2 B2 P3 B3; 龙 then
 * 虎), each side's total as its cards show, the winner once the last is up. A member who
 * arrives after the deal sees the cards at once; 跳过 turns the rest over.
 */
const RANKS = ['', 'A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];
const SUITS = ['♠', '♥', '♣', '♦'];
export const DEAL_STEP_MS = 700;

export const rankText = (rank: number): string => RANKS[rank] ?? '?';
export const suitText = (suit: number): string => SUITS[suit] ?? '?';

export function CardFace({ card, up }: { card: DealtCard; up: boolean }) {
  if (!up) return <span className="tcard tcard--back" aria-label="未翻开" data-up="false" />;
  const red = card.suit === 1 || card.suit === 3;
  return (
    <span
      className={`tcard${red ? ' tcard--red' : ''}`}
      data-up="true"
      data-position={card.position}
      aria-label={`${suitText(card.suit)}${rankText(card.rank)}`}
    >
      <b>{rankText(card.rank)}</b>
      <i>{suitText(card.suit)}</i>
    </span>
  );
}

/** How many of a hand's cards are face up: all at once, or one more every step while dealing. */
export function useDealt(roundNo: string | null, count: number, animate: boolean) {
  const [state, setState] = useState<{ roundNo: string | null; shown: number }>({
    roundNo,
    shown: animate ? 0 : count,
  });
  const shown = state.roundNo === roundNo ? state.shown : animate ? 0 : count;
  useEffect(() => {
    if (shown >= count) return;
    const t = setTimeout(() => setState({ roundNo, shown: shown + 1 }), DEAL_STEP_MS);
    return () => clearTimeout(t);
  }, [roundNo, shown, count]);
  return { shown: Math.min(shown, count), skip: () => setState({ roundNo, shown: count }) };
}

const sideNames = {
  baccarat: [
    ['player', '闲'],
    ['banker', '庄'],
  ],
  dragon_tiger: [
    ['dragon', '龙'],
    ['tiger', '虎'],
  ],
} as const;

const WINNER_TEXT: Record<string, string> = {
  banker: '庄赢',
  player: '闲赢',
  dragon: '龙赢',
  tiger: '虎赢',
  tie: '和局',
};

/** A side's total from the cards shown so far (百家乐: values mod 10; 龙虎: the rank). */
function shownTotal(kind: TableKind, cards: readonly DealtCard[]): number | null {
  if (cards.length === 0) return null;
  if (kind === 'dragon_tiger') return cards[0]!.rank;
  return cards.reduce((s, c) => s + baccaratValue(c.rank), 0) % 10;
}

export function DealView({
  kind,
  hand,
  animate,
  children,
  onDone,
}: {
  kind: TableKind;
  hand: TableHandView;
  animate: boolean;
  /** Told once every card is up (the page adds the hand to its roads then). */
  onDone?: (roundNo: string) => void;
  /** Shown once the last card is up (the member's result). */
  children?: ReactNode;
}) {
  const ordered = [...hand.cards].sort((a, b) => a.position - b.position);
  const { shown, skip } = useDealt(hand.roundNo, ordered.length, animate);
  const up = new Set(ordered.slice(0, shown).map((c) => c.position));
  const done = shown >= ordered.length;
  useEffect(() => {
    if (done) onDone?.(hand.roundNo);
  }, [done, hand.roundNo, onDone]);
  return (
    <section
      className="deal"
      aria-label="发牌"
      data-round={hand.roundNo}
      data-dealt={shown}
      data-done={done}
    >
      <div className="deal__sides">
        {sideNames[kind].map(([side, name]) => {
          const cards = ordered.filter((c) => c.side === side);
          const total = shownTotal(
            kind,
            cards.filter((c) => up.has(c.position)),
          );
          return (
            <div key={side} className={`deal__side deal__side--${side}`} data-side={side}>
              <span className="deal__name">
                {name} <b data-total>{total ?? '—'}</b>
              </span>
              <span className="deal__cards">
                {cards.map((c) => (
                  <CardFace key={c.position} card={c} up={up.has(c.position)} />
                ))}
              </span>
            </div>
          );
        })}
      </div>
      {done ? (
        <p className={`deal__result deal__result--${hand.winner}`} data-winner={hand.winner}>
          {WINNER_TEXT[hand.winner]}
          {hand.bankerPair && ' · 庄对'}
          {hand.playerPair && ' · 闲对'}
        </p>
      ) : null}
      {done ? (
        children
      ) : (
        <button type="button" className="link-btn deal__skip" onClick={skip}>
          跳过
        </button>
      )}
    </section>
  );
}
