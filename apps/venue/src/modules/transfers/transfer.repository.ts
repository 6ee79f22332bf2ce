import type { Queryable } from '@nebula/db';
import type { TransferDirection } from '@nebula/protocol/venue/merchant';

export interface TransferRow {
  venueCode: string | null;
  playerId: string | null;
  direction: TransferDirection | null;
  amount: bigint | null;
  status: 'applied' | 'refused' | 'not_found';
  code: number | null;
  balanceAfter: bigint | null;
}

interface Row {
  venue_code: string | null;
  player_id: string | null;
  direction: TransferDirection | null;
  amount: bigint | null;
  status: TransferRow['status'];
  code: number | null;
  balance_after: bigint | null;
}

const toTransfer = (r: Row): TransferRow => ({
  venueCode: r.venue_code,
  playerId: r.player_id,
  direction: r.direction,
  amount: r.amount,
  status: r.status,
  code: r.code,
  balanceAfter: r.balance_after,
});

export async function readTransfer(
  q: Queryable,
  merchant: string,
  transferId: string,
): Promise<TransferRow | null> {
  const r = await q.query<Row>(
    `SELECT venue_code, player_id, direction, amount, status, code, balance_after
       FROM venue_transfers WHERE merchant = $1 AND transfer_id = $2`,
    [merchant, transferId],
  );
  return r.rows[0] ? toTransfer(r.rows[0]) : null;
}

/**
 * Claims a transfer id for this request (status `refused` until the money moves in the same
 * transaction). False when the id exists: a concurrent claim waits on the primary key until the
 * first commits, then reads what it did.
 */
export async function claimTransfer(
  q: Queryable,
  t: {
    merchant: string;
    transferId: string;
    venueCode: string;
    playerId: string;
    direction: TransferDirection;
    amount: bigint;
    now: number;
  },
): Promise<boolean> {
  const r = await q.query(
    `INSERT INTO venue_transfers (merchant, transfer_id, venue_code, player_id, direction, amount, status, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, 'refused', $7) ON CONFLICT DO NOTHING`,
    [t.merchant, t.transferId, t.venueCode, t.playerId, t.direction, t.amount, new Date(t.now)],
  );
  return r.rowCount > 0;
}

export async function settleTransfer(
  q: Queryable,
  merchant: string,
  transferId: string,
  outcome: { status: 'applied'; balanceAfter: bigint } | { status: 'refused'; code: number },
): Promise<void> {
  await q.query(
    'UPDATE venue_transfers SET status = $3, code = $4, balance_after = $5 WHERE merchant = $1 AND transfer_id = $2',
    [
      merchant,
      transferId,
      outcome.status,
      outcome.status === 'refused' ? outcome.code : null,
      outcome.status === 'applied' ? outcome.balanceAfter : null,
    ],
  );
}

/** A status query found nothing: the id is buried, so a late request with it never applies. */
export async function buryTransfer(
  q: Queryable,
  merchant: string,
  transferId: string,
  now: number,
): Promise<boolean> {
  const r = await q.query(
    `INSERT INTO venue_transfers (merchant, transfer_id, status, created_at)
     VALUES ($1, $2, 'not_found', $3) ON CONFLICT DO NOTHING`,
    [merchant, transferId, new Date(now)],
  );
  return r.rowCount > 0;
}
