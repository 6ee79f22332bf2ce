import { ts, type Queryable } from '@nebula/db';
import type { ChatRoomInfo } from '@nebula/protocol';

/** The moderators' lists: rooms, mutes, shields, gift records and the gift catalogue. */

export interface MuteRow {
  memberId: number;
  userName: string;
  nickname: string;
  until: Date | null;
  reason: string;
  mutedBy: string;
  mutedAt: Date;
}
export interface MuteFilter {
  memberId?: number;
  state?: 'active' | 'expired';
}
export interface ShieldRow {
  memberId: number;
  userName: string;
  shieldedId: number;
  shieldedUserName: string;
  createdAt: Date;
}
export interface ShieldFilter {
  memberId?: number;
  shieldedId?: number;
}
export interface GiftRecordRow {
  id: number;
  time: Date;
  memberId: number;
  userName: string;
  roomId: number;
  roomName: string;
  giftId: number;
  giftName: string;
  count: number;
  coin: string;
}
/** Epoch ms bounds, `to` excluded. */
export interface GiftRecordFilter {
  memberId?: number;
  roomId?: number;
  from?: number;
  to?: number;
}
export interface GiftRow {
  giftId: number;
  name: string;
  icon: string;
  priceCoin: bigint;
  enabled: boolean;
}

const count = async (q: Queryable, sql: string, params: unknown[]) =>
  (await q.query<{ n: number }>(`SELECT count(*)::int AS n ${sql}`, params)).rows[0]!.n;

// --- rooms
export async function pageRooms(
  q: Queryable,
  f: { name?: string; status?: number; limit: number; offset: number },
): Promise<{ list: ChatRoomInfo[]; total: number }> {
  const from = `FROM chat_rooms WHERE ($1::text IS NULL OR strpos(lower(name), lower($1)) > 0)
                  AND ($2::int IS NULL OR status = $2)`;
  const params = [f.name || null, f.status ?? null];
  const r = await q.query<{
    id: number;
    name: string;
    status: number;
    vip_min: number;
    vip_max: number;
    slow_mode_seconds: number;
  }>(`SELECT * ${from} ORDER BY id LIMIT $3 OFFSET $4`, [...params, f.limit, f.offset]);
  const list = r.rows.map((x): ChatRoomInfo => ({
    roomId: x.id,
    name: x.name,
    status: x.status === 1 ? 1 : 0,
    vipMin: x.vip_min,
    vipMax: x.vip_max,
    slowModeSeconds: x.slow_mode_seconds,
  }));
  return { list, total: await count(q, from, params) };
}

// --- mutes (newest member id first for pages; keyset by member id for exports)
const muteFrom = `FROM chat_mutes mu JOIN members m ON m.id = mu.member_id
  WHERE ($1::int IS NULL OR mu.member_id = $1)
    AND ($2::text IS NULL
         OR ($2 = 'active' AND (mu.until IS NULL OR mu.until > $3))
         OR ($2 = 'expired' AND mu.until <= $3))`;
const muteSelect = `SELECT mu.member_id, m.user_name, m.nickname, mu.until, mu.reason, mu.muted_by, mu.muted_at`;
interface MuteDb {
  member_id: number;
  user_name: string;
  nickname: string;
  until: Date | null;
  reason: string;
  muted_by: string;
  muted_at: Date;
}
const mute = (r: MuteDb): MuteRow => ({
  memberId: r.member_id,
  userName: r.user_name,
  nickname: r.nickname,
  until: r.until,
  reason: r.reason,
  mutedBy: r.muted_by,
  mutedAt: r.muted_at,
});
const muteParams = (f: MuteFilter, now: number) => [f.memberId ?? null, f.state ?? null, ts(now)];

export async function pageMutes(
  q: Queryable,
  f: MuteFilter & { now: number; limit: number; offset: number },
): Promise<{ list: MuteRow[]; total: number }> {
  const params = muteParams(f, f.now);
  const r = await q.query<MuteDb>(
    `${muteSelect} ${muteFrom} ORDER BY mu.muted_at DESC, mu.member_id DESC LIMIT $4 OFFSET $5`,
    [...params, f.limit, f.offset],
  );
  return { list: r.rows.map(mute), total: await count(q, muteFrom, params) };
}
export const countMutes = (q: Queryable, f: MuteFilter, now: number) =>
  count(q, muteFrom, muteParams(f, now));
export async function mutesAfter(
  q: Queryable,
  f: MuteFilter,
  now: number,
  after: number,
  limit: number,
): Promise<MuteRow[]> {
  const r = await q.query<MuteDb>(
    `${muteSelect} ${muteFrom} AND mu.member_id > $4 ORDER BY mu.member_id LIMIT $5`,
    [...muteParams(f, now), after, limit],
  );
  return r.rows.map(mute);
}

// --- shields (keyset: the pair)
const shieldFrom = `FROM chat_shields s JOIN members a ON a.id = s.member_id JOIN members b ON b.id = s.shielded_id
  WHERE ($1::int IS NULL OR s.member_id = $1) AND ($2::int IS NULL OR s.shielded_id = $2)`;
const shieldSelect = `SELECT s.member_id, a.user_name, s.shielded_id, b.user_name AS shielded_user_name, s.created_at`;
interface ShieldDb {
  member_id: number;
  user_name: string;
  shielded_id: number;
  shielded_user_name: string;
  created_at: Date;
}
const shield = (r: ShieldDb): ShieldRow => ({
  memberId: r.member_id,
  userName: r.user_name,
  shieldedId: r.shielded_id,
  shieldedUserName: r.shielded_user_name,
  createdAt: r.created_at,
});
const shieldParams = (f: ShieldFilter) => [f.memberId ?? null, f.shieldedId ?? null];

export async function pageShields(
  q: Queryable,
  f: ShieldFilter & { limit: number; offset: number },
): Promise<{ list: ShieldRow[]; total: number }> {
  const params = shieldParams(f);
  const r = await q.query<ShieldDb>(
    `${shieldSelect} ${shieldFrom} ORDER BY s.created_at DESC, s.member_id, s.shielded_id LIMIT $3 OFFSET $4`,
    [...params, f.limit, f.offset],
  );
  return { list: r.rows.map(shield), total: await count(q, shieldFrom, params) };
}
export const countShields = (q: Queryable, f: ShieldFilter) =>
  count(q, shieldFrom, shieldParams(f));
export async function shieldsAfter(
  q: Queryable,
  f: ShieldFilter,
  after: [number, number],
  limit: number,
): Promise<ShieldRow[]> {
  const r = await q.query<ShieldDb>(
    `${shieldSelect} ${shieldFrom} AND (s.member_id, s.shielded_id) > ($3, $4)
      ORDER BY s.member_id, s.shielded_id LIMIT $5`,
    [...shieldParams(f), after[0], after[1], limit],
  );
  return r.rows.map(shield);
}

// --- gift records: each gift message with the COIN its ledger entry really moved
const giftFrom = `FROM chat_messages c JOIN members m ON m.id = c.member_id
  JOIN chat_rooms r ON r.id = c.room_id JOIN chat_gifts g ON g.id = c.gift_id
  WHERE c.kind = 'gift' AND ($1::int IS NULL OR c.member_id = $1) AND ($2::int IS NULL OR c.room_id = $2)
    AND ($3::timestamptz IS NULL OR c.created_at >= $3) AND ($4::timestamptz IS NULL OR c.created_at < $4)`;
const giftSelect = `SELECT c.id, c.created_at, c.member_id, m.user_name, c.room_id, r.name AS room_name,
    c.gift_id, g.name AS gift_name, c.gift_count,
    (SELECT sum(p.amount)::text FROM ledger_transactions t
       JOIN ledger_postings p ON p.transaction_id = t.id
       JOIN ledger_accounts a ON a.id = p.account_id
      WHERE t.reference = 'gift:' || c.member_id || ':' || c.idempotency_key
        AND a.member_id IS NULL) AS coin`;
interface GiftRecordDb {
  id: bigint;
  created_at: Date;
  member_id: number;
  user_name: string;
  room_id: number;
  room_name: string;
  gift_id: number;
  gift_name: string;
  gift_count: number;
  coin: string | null;
}
const giftRecord = (r: GiftRecordDb): GiftRecordRow => ({
  id: Number(r.id),
  time: r.created_at,
  memberId: r.member_id,
  userName: r.user_name,
  roomId: r.room_id,
  roomName: r.room_name,
  giftId: r.gift_id,
  giftName: r.gift_name,
  count: r.gift_count,
  coin: r.coin ?? '0',
});
const giftParams = (f: GiftRecordFilter) => [
  f.memberId ?? null,
  f.roomId ?? null,
  f.from === undefined ? null : ts(f.from),
  f.to === undefined ? null : ts(f.to),
];

export async function pageGiftRecords(
  q: Queryable,
  f: GiftRecordFilter & { limit: number; offset: number },
): Promise<{ list: GiftRecordRow[]; total: number }> {
  const params = giftParams(f);
  const r = await q.query<GiftRecordDb>(
    `${giftSelect} ${giftFrom} ORDER BY c.id DESC LIMIT $5 OFFSET $6`,
    [...params, f.limit, f.offset],
  );
  return { list: r.rows.map(giftRecord), total: await count(q, giftFrom, params) };
}
export const countGiftRecords = (q: Queryable, f: GiftRecordFilter) =>
  count(q, giftFrom, giftParams(f));
/** Newest first: the page before `before` (an id). */
export async function giftRecordsBefore(
  q: Queryable,
  f: GiftRecordFilter,
  before: number,
  limit: number,
): Promise<GiftRecordRow[]> {
  const r = await q.query<GiftRecordDb>(
    `${giftSelect} ${giftFrom} AND c.id < $5 ORDER BY c.id DESC LIMIT $6`,
    [...giftParams(f), before, limit],
  );
  return r.rows.map(giftRecord);
}

// --- the gift catalogue
interface GiftDb {
  id: number;
  name: string;
  icon: string;
  price_coin: bigint;
  enabled: boolean;
}
const gift = (g: GiftDb): GiftRow => ({
  giftId: g.id,
  name: g.name,
  icon: g.icon,
  priceCoin: BigInt(g.price_coin),
  enabled: g.enabled,
});
export async function readAllGifts(q: Queryable): Promise<GiftRow[]> {
  return (await q.query<GiftDb>('SELECT * FROM chat_gifts ORDER BY id')).rows.map(gift);
}
export async function readGiftForUpdate(q: Queryable, id: number): Promise<GiftRow | null> {
  const r = await q.query<GiftDb>('SELECT * FROM chat_gifts WHERE id = $1 FOR UPDATE', [id]);
  return r.rows[0] ? gift(r.rows[0]) : null;
}
/** Writes a gift inside the caller's transaction; a new one takes the next id (no sequence). */
export async function saveGift(
  q: Queryable,
  id: number | undefined,
  g: { name: string; icon: string; priceCoin: bigint; enabled: boolean },
): Promise<GiftRow> {
  // max(id) + 1: creates wait for each other (reads do not), so two at once get two ids.
  if (id === undefined) await q.query('LOCK TABLE chat_gifts IN SHARE ROW EXCLUSIVE MODE');
  const r =
    id === undefined
      ? await q.query<GiftDb>(
          `INSERT INTO chat_gifts (id, name, icon, price_coin, enabled)
           SELECT COALESCE(max(id), 0) + 1, $1, $2, $3, $4 FROM chat_gifts RETURNING *`,
          [g.name, g.icon, g.priceCoin, g.enabled],
        )
      : await q.query<GiftDb>(
          'UPDATE chat_gifts SET name = $2, icon = $3, price_coin = $4, enabled = $5 WHERE id = $1 RETURNING *',
          [id, g.name, g.icon, g.priceCoin, g.enabled],
        );
  return gift(r.rows[0]!);
}
