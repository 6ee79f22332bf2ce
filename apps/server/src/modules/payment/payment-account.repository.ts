import { ts, type Queryable } from '@nebula/db';

export interface PaymentAccountRow {
  id: number;
  memberId: number;
  type: string;
  accountNo: string;
  bankCode: string | null;
  network: string | null;
  alias: string | null;
  holder: string | null;
  warning: string | null;
  usableAt: number;
  createdAt: number;
}
interface Row {
  id: number;
  member_id: number;
  type: string;
  account_no: string;
  bank_code: string | null;
  network: string | null;
  alias: string | null;
  holder: string | null;
  warning: string | null;
  usable_at: Date;
  created_at: Date;
}
const map = (r: Row): PaymentAccountRow => ({
  id: r.id,
  memberId: r.member_id,
  type: r.type,
  accountNo: r.account_no,
  bankCode: r.bank_code,
  network: r.network,
  alias: r.alias,
  holder: r.holder,
  warning: r.warning,
  usableAt: r.usable_at.getTime(),
  createdAt: r.created_at.getTime(),
});

export async function listAccounts(q: Queryable, memberId: number): Promise<PaymentAccountRow[]> {
  const r = await q.query<Row>(
    'SELECT * FROM payment_accounts WHERE member_id = $1 AND removed_at IS NULL ORDER BY id',
    [memberId],
  );
  return r.rows.map(map);
}
export async function readAccount(q: Queryable, id: number): Promise<PaymentAccountRow | null> {
  const r = await q.query<Row>(
    'SELECT * FROM payment_accounts WHERE id = $1 AND removed_at IS NULL',
    [id],
  );
  return r.rows[0] ? map(r.rows[0]) : null;
}
export async function countOfType(q: Queryable, memberId: number, type: string): Promise<number> {
  const r = await q.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM payment_accounts WHERE member_id = $1 AND type = $2 AND removed_at IS NULL',
    [memberId, type],
  );
  return r.rows[0]?.n ?? 0;
}
export async function insertAccount(
  q: Queryable,
  a: Omit<PaymentAccountRow, 'id'>,
): Promise<number> {
  const r = await q.query<{ id: number }>(
    `INSERT INTO payment_accounts (member_id, type, account_no, bank_code, network, alias, holder, warning, usable_at, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
    [
      a.memberId,
      a.type,
      a.accountNo,
      a.bankCode,
      a.network,
      a.alias,
      a.holder,
      a.warning,
      ts(a.usableAt),
      ts(a.createdAt),
    ],
  );
  return r.rows[0]!.id;
}
export async function removeAccount(
  q: Queryable,
  memberId: number,
  id: number,
  now: number,
): Promise<boolean> {
  return (
    (
      await q.query(
        'UPDATE payment_accounts SET removed_at = $3 WHERE id = $1 AND member_id = $2 AND removed_at IS NULL',
        [id, memberId, ts(now)],
      )
    ).rowCount === 1
  );
}

/** Full number and holder, even of a removed account (an order made before removal is paid to it). */
export async function readPayoutDetails(
  q: Queryable,
  id: number,
): Promise<{ accountNo: string; holder: string | null } | null> {
  const r = await q.query<{ account_no: string; holder: string | null }>(
    'SELECT account_no, holder FROM payment_accounts WHERE id = $1',
    [id],
  );
  return r.rows[0] ? { accountNo: r.rows[0].account_no, holder: r.rows[0].holder } : null;
}
