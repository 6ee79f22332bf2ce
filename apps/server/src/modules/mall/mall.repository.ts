import { ts, type Queryable } from '@nebula/db';
import type { MallAddress, MallItemKind, RedemptionStatus } from '@nebula/protocol';

export interface ItemRow {
  id: number;
  kind: MallItemKind;
  title: string;
  description: string;
  image: string;
  price: bigint;
  stock: number;
  value: bigint;
  turnoverMultiple: number;
  perMemberLimit: number | null;
  active: boolean;
  startsAt: number | null;
  endsAt: number | null;
  sort: number;
}

interface ItemRaw {
  id: string | number;
  kind: MallItemKind;
  title: string;
  description: string;
  image: string;
  price: bigint;
  stock: number;
  value: bigint;
  turnover_multiple: number;
  per_member_limit: number | null;
  active: boolean;
  starts_at: Date | null;
  ends_at: Date | null;
  sort: number;
}

const item = (r: ItemRaw): ItemRow => ({
  id: Number(r.id),
  kind: r.kind,
  title: r.title,
  description: r.description,
  image: r.image,
  price: BigInt(r.price),
  stock: r.stock,
  value: BigInt(r.value),
  turnoverMultiple: r.turnover_multiple,
  perMemberLimit: r.per_member_limit,
  active: r.active,
  startsAt: r.starts_at ? r.starts_at.getTime() : null,
  endsAt: r.ends_at ? r.ends_at.getTime() : null,
  sort: r.sort,
});

const ITEM_COLS = `id, kind, title, description, image, price, stock, value, turnover_multiple,
  per_member_limit, active, starts_at, ends_at, sort`;

/** Items on sale at `now` (active and inside their window), in the operators' order. */
export async function listOnSale(q: Queryable, now: number): Promise<ItemRow[]> {
  const r = await q.query<ItemRaw>(
    `SELECT ${ITEM_COLS} FROM mall_items
      WHERE active AND (starts_at IS NULL OR starts_at <= $1) AND (ends_at IS NULL OR ends_at > $1)
      ORDER BY sort, id`,
    [ts(now)],
  );
  return r.rows.map(item);
}

export async function listAll(q: Queryable): Promise<ItemRow[]> {
  const r = await q.query<ItemRaw>(`SELECT ${ITEM_COLS} FROM mall_items ORDER BY sort, id`);
  return r.rows.map(item);
}

export async function getItem(q: Queryable, id: number): Promise<ItemRow | null> {
  const r = await q.query<ItemRaw>(`SELECT ${ITEM_COLS} FROM mall_items WHERE id = $1`, [id]);
  return r.rows[0] ? item(r.rows[0]) : null;
}

/**
 * Takes one of the item's stock, only while one is left: the row lock makes parallel
 * redemptions of the last one queue here, and every one after the winner finds none.
 */
export async function takeStock(q: Queryable, id: number): Promise<boolean> {
  const r = await q.query('UPDATE mall_items SET stock = stock - 1 WHERE id = $1 AND stock > 0', [
    id,
  ]);
  return r.rowCount > 0;
}

export async function returnStock(q: Queryable, id: number): Promise<void> {
  await q.query('UPDATE mall_items SET stock = stock + 1 WHERE id = $1', [id]);
}

export type ItemInput = Omit<ItemRow, 'id'>;

export async function insertItem(q: Queryable, i: ItemInput, now: number): Promise<number> {
  const r = await q.query<{ id: string | number }>(
    `INSERT INTO mall_items (kind, title, description, image, price, stock, value, turnover_multiple,
       per_member_limit, active, starts_at, ends_at, sort, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $14) RETURNING id`,
    [...itemParams(i), ts(now)],
  );
  return Number(r.rows[0]!.id);
}

/** Replaces an item's fields; the row is locked first, so the answer is what it was before. */
export async function updateItem(
  q: Queryable,
  id: number,
  i: ItemInput,
  now: number,
): Promise<ItemRow | null> {
  const before = await q.query<ItemRaw>(
    `SELECT ${ITEM_COLS} FROM mall_items WHERE id = $1 FOR UPDATE`,
    [id],
  );
  if (!before.rows[0]) return null;
  await q.query(
    `UPDATE mall_items SET kind = $1, title = $2, description = $3, image = $4, price = $5,
       stock = $6, value = $7, turnover_multiple = $8, per_member_limit = $9, active = $10,
       starts_at = $11, ends_at = $12, sort = $13, updated_at = $14 WHERE id = $15`,
    [...itemParams(i), ts(now), id],
  );
  return item(before.rows[0]);
}

const itemParams = (i: ItemInput): unknown[] => [
  i.kind,
  i.title,
  i.description,
  i.image,
  i.price,
  i.stock,
  i.value,
  i.turnoverMultiple,
  i.perMemberLimit,
  i.active,
  i.startsAt === null ? null : ts(i.startsAt),
  i.endsAt === null ? null : ts(i.endsAt),
  i.sort,
];

export interface RedemptionRow {
  id: number;
  memberId: number;
  itemId: number;
  kind: MallItemKind;
  title: string;
  price: bigint;
  value: bigint;
  status: RedemptionStatus;
  address: MallAddress | null;
  trackingNo: string | null;
  cancelReason: string | null;
  createdAt: number;
  updatedAt: number;
}

export interface RedemptionRaw {
  id: string | number;
  member_id: number;
  item_id: string | number;
  kind: MallItemKind;
  title: string;
  price: bigint;
  value: bigint;
  status: RedemptionStatus;
  receiver_name: string | null;
  receiver_phone: string | null;
  receiver_address: string | null;
  tracking_no: string | null;
  cancel_reason: string | null;
  created_at: Date;
  updated_at: Date;
}

export const redemption = (r: RedemptionRaw): RedemptionRow => ({
  id: Number(r.id),
  memberId: r.member_id,
  itemId: Number(r.item_id),
  kind: r.kind,
  title: r.title,
  price: BigInt(r.price),
  value: BigInt(r.value),
  status: r.status,
  address:
    r.receiver_name !== null && r.receiver_phone !== null && r.receiver_address !== null
      ? { name: r.receiver_name, phone: r.receiver_phone, address: r.receiver_address }
      : null,
  trackingNo: r.tracking_no,
  cancelReason: r.cancel_reason,
  createdAt: r.created_at.getTime(),
  updatedAt: r.updated_at.getTime(),
});

export const RED_COLS = `id, member_id, item_id, kind, title, price, value, status, receiver_name,
  receiver_phone, receiver_address, tracking_no, cancel_reason, created_at, updated_at`;

export async function insertRedemption(
  q: Queryable,
  r: {
    memberId: number;
    item: ItemRow;
    status: RedemptionStatus;
    address: MallAddress | null;
    now: number;
  },
): Promise<RedemptionRow> {
  const x = await q.query<RedemptionRaw>(
    `INSERT INTO mall_redemptions (member_id, item_id, kind, title, price, value, status,
       receiver_name, receiver_phone, receiver_address, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11) RETURNING ${RED_COLS}`,
    [
      r.memberId,
      r.item.id,
      r.item.kind,
      r.item.title,
      r.item.price,
      r.item.value,
      r.status,
      r.address?.name ?? null,
      r.address?.phone ?? null,
      r.address?.address ?? null,
      ts(r.now),
    ],
  );
  return redemption(x.rows[0]!);
}

/** How many of an item the member holds (cancelled ones given back). */
export async function countRedeemed(
  q: Queryable,
  memberId: number,
  itemId: number,
): Promise<number> {
  const r = await q.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM mall_redemptions
      WHERE member_id = $1 AND item_id = $2 AND status <> 'cancelled'`,
    [memberId, itemId],
  );
  return r.rows[0]?.n ?? 0;
}

/** Holds the member's row: one member's redemptions run one after another (the per-member limit). */
export async function lockMember(q: Queryable, memberId: number): Promise<void> {
  await q.query('SELECT id FROM members WHERE id = $1 FOR UPDATE', [memberId]);
}

export async function lockRedemption(q: Queryable, id: number): Promise<RedemptionRow | null> {
  const r = await q.query<RedemptionRaw>(
    `SELECT ${RED_COLS} FROM mall_redemptions WHERE id = $1 FOR UPDATE`,
    [id],
  );
  return r.rows[0] ? redemption(r.rows[0]) : null;
}

export async function setStatus(
  q: Queryable,
  id: number,
  s: { status: RedemptionStatus; trackingNo?: string; cancelReason?: string; now: number },
): Promise<RedemptionRow> {
  const r = await q.query<RedemptionRaw>(
    `UPDATE mall_redemptions SET status = $2, tracking_no = COALESCE($3, tracking_no),
       cancel_reason = COALESCE($4, cancel_reason), updated_at = $5
     WHERE id = $1 RETURNING ${RED_COLS}`,
    [id, s.status, s.trackingNo ?? null, s.cancelReason ?? null, ts(s.now)],
  );
  return redemption(r.rows[0]!);
}

export async function pageRedemptions(
  q: Queryable,
  f: { memberId?: number; status?: RedemptionStatus; limit: number; offset: number },
): Promise<{ list: RedemptionRow[]; total: number }> {
  const where: string[] = [];
  const params: unknown[] = [];
  if (f.memberId !== undefined) where.push(`member_id = $${params.push(f.memberId)}`);
  if (f.status) where.push(`status = $${params.push(f.status)}`);
  const w = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const [rows, total] = await Promise.all([
    q.query<RedemptionRaw>(
      `SELECT ${RED_COLS} FROM mall_redemptions ${w} ORDER BY id DESC
        LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, f.limit, f.offset],
    ),
    q.query<{ n: number }>(`SELECT count(*)::int AS n FROM mall_redemptions ${w}`, params),
  ]);
  return { list: rows.rows.map(redemption), total: total.rows[0]?.n ?? 0 };
}
