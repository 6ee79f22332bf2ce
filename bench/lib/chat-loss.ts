/**
 * bench:chat's account of a round: every message sent against every client that should have
 * got it. A message short of some clients is lost for them; one that reached none never reached
 * the room. The clients' own tallies ({ frames received: clients }) show whether a loss is the
 * same for everyone (upstream of the fan-out) or spread over some sockets.
 */
export interface RoundLoss {
  messages: number;
  clients: number;
  expected: number;
  /**
   * Deliveries of the round's messages, at most `clients` per message (arrivals are counted per
   * message, not per socket: a copy twice to one socket and none to another shows in `perClient`).
   */
  delivered: number;
  /** expected − delivered: deliveries that never happened. */
  lost: number;
  /** Copies past one per client (a message delivered twice to a socket). */
  duplicates: number;
  /** Messages every client got, none got, and some got. */
  toAll: number;
  toNone: number;
  toSome: number;
  /** The first message (in sending order, from 0) short of some client; null when none. */
  firstShort: number | null;
  /** { tagged frames received: clients } over every client. */
  perClient: Record<string, number>;
}

export function roundLoss(
  /** The round's tags in sending order. */
  tags: readonly string[],
  arrivals: ReadonlyMap<string, readonly number[]>,
  clients: number,
  perClient: Record<string, number> = {},
): RoundLoss {
  let delivered = 0;
  let duplicates = 0;
  let toAll = 0;
  let toNone = 0;
  let firstShort: number | null = null;
  tags.forEach((tag, i) => {
    const n = arrivals.get(tag)?.length ?? 0;
    delivered += Math.min(n, clients);
    duplicates += Math.max(0, n - clients);
    if (n >= clients) toAll += 1;
    else {
      if (n === 0) toNone += 1;
      firstShort ??= i;
    }
  });
  const expected = tags.length * clients;
  return {
    messages: tags.length,
    clients,
    expected,
    delivered,
    lost: expected - delivered,
    duplicates,
    toAll,
    toNone,
    toSome: tags.length - toAll - toNone,
    firstShort,
    perClient,
  };
}

/** One line for a round's loss: "none", or what was lost and how it fell. */
export function describeLoss(l: RoundLoss): string {
  if (l.lost === 0 && l.duplicates === 0) return 'none';
  const parts = [`${l.lost} of ${l.expected} deliveries lost`];
  if (l.duplicates > 0) parts.push(`${l.duplicates} duplicates`);
  parts.push(
    `messages to all ${l.toAll}, to none ${l.toNone}, to some ${l.toSome}` +
      (l.firstShort === null ? '' : `; first short: #${l.firstShort}`),
  );
  parts.push(`clients by frames received ${JSON.stringify(l.perClient)}`);
  return parts.join('; ');
}
