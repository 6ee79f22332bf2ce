// Over 300 lines on purpose: the queries of every chat table (rooms, messages, mutes, gifts…).
import {
  sharedBetCardSchema,
  type ChatMessage,
  type ChatRoomInfo,
  type ChatSender,
  type Gift,
  type SharedBetCard,
} from '@nebula/protocol';
import { ts, type Queryable } from '@nebula/db';

interface RoomDb {
  id: number;
  name: string;
  status: number;
  vip_min: number;
  vip_max: number;
  slow_mode_seconds: number;
}
const room = (r: RoomDb): ChatRoomInfo => ({
  roomId: r.id,
  name: r.name,
  status: r.status === 1 ? 1 : 0,
  vipMin: r.vip_min,
  vipMax: r.vip_max,
  slowModeSeconds: r.slow_mode_seconds,
});

export async function readRooms(q: Queryable): Promise<ChatRoomInfo[]> {
  return (await q.query<RoomDb>('SELECT * FROM chat_rooms ORDER BY id')).rows.map(room);
}
export async function insertRoom(
  q: Queryable,
  r: { name: string; vipMin: number; vipMax: number; slowModeSeconds: number },
): Promise<ChatRoomInfo> {
  const x = await q.query<RoomDb>(
    'INSERT INTO chat_rooms (name, vip_min, vip_max, slow_mode_seconds) VALUES ($1, $2, $3, $4) RETURNING *',
    [r.name, r.vipMin, r.vipMax, r.slowModeSeconds],
  );
  return room(x.rows[0]!);
}
export async function updateRoom(
  q: Queryable,
  id: number,
  r: { name?: string; status?: number; vipMin?: number; vipMax?: number; slowModeSeconds?: number },
): Promise<ChatRoomInfo | null> {
  const x = await q.query<RoomDb>(
    `UPDATE chat_rooms SET name = COALESCE($2, name), status = COALESCE($3, status), vip_min = COALESCE($4, vip_min),
            vip_max = COALESCE($5, vip_max), slow_mode_seconds = COALESCE($6, slow_mode_seconds) WHERE id = $1 RETURNING *`,
    [
      id,
      r.name ?? null,
      r.status ?? null,
      r.vipMin ?? null,
      r.vipMax ?? null,
      r.slowModeSeconds ?? null,
    ],
  );
  return x.rows[0] ? room(x.rows[0]) : null;
}

/** Everything the chat shows of a member. */
export async function readSender(q: Queryable, memberId: number): Promise<ChatSender | null> {
  const r = await q.query<{
    id: number;
    nickname: string;
    vip_level: number;
    avatar: string;
    staff: boolean;
  }>(
    'SELECT m.id, m.nickname, m.vip_level, m.avatar, EXISTS (SELECT 1 FROM chat_staff s WHERE s.member_id = m.id) AS staff FROM members m WHERE m.id = $1',
    [memberId],
  );
  const m = r.rows[0];
  return m
    ? {
        memberId: m.id,
        nickname: m.nickname,
        vipLevel: m.vip_level,
        avatar: m.avatar,
        staff: m.staff,
      }
    : null;
}

/** The sender and their mute in one round trip: what every message is checked against. */
export async function readSpeaker(
  q: Queryable,
  memberId: number,
): Promise<{ sender: ChatSender; mute: { until: number | null } | null } | null> {
  const r = await q.query<{
    id: number;
    nickname: string;
    vip_level: number;
    avatar: string;
    staff: boolean;
    muted: boolean;
    until: Date | null;
  }>(
    `SELECT m.id, m.nickname, m.vip_level, m.avatar,
            EXISTS (SELECT 1 FROM chat_staff s WHERE s.member_id = m.id) AS staff,
            mu.member_id IS NOT NULL AS muted, mu.until
       FROM members m LEFT JOIN chat_mutes mu ON mu.member_id = m.id WHERE m.id = $1`,
    [memberId],
  );
  const m = r.rows[0];
  if (!m) return null;
  return {
    sender: {
      memberId: m.id,
      nickname: m.nickname,
      vipLevel: m.vip_level,
      avatar: m.avatar,
      staff: m.staff,
    },
    mute: m.muted ? { until: m.until?.getTime() ?? null } : null,
  };
}

export async function insertText(
  q: Queryable,
  m: { roomId: number; memberId: number; content: string; now: number },
): Promise<number> {
  const r = await q.query<{ id: bigint }>(
    `INSERT INTO chat_messages (room_id, member_id, kind, content, created_at) VALUES ($1, $2, 'text', $3, $4) RETURNING id`,
    [m.roomId, m.memberId, m.content, ts(m.now)],
  );
  return Number(r.rows[0]!.id);
}

/** A bet card shared into a room: its place in the room's order, and the card as shared. */
export async function insertShare(
  q: Queryable,
  m: { roomId: number; memberId: number; card: SharedBetCard; now: number },
): Promise<number> {
  const r = await q.query<{ id: bigint }>(
    `INSERT INTO chat_messages (room_id, member_id, kind, content, created_at) VALUES ($1, $2, 'share', $3, $4) RETURNING id`,
    [m.roomId, m.memberId, JSON.stringify(m.card), ts(m.now)],
  );
  return Number(r.rows[0]!.id);
}

/** The stored card of a share row; null for rows that kept only `venue:betId` (not replayable). */
function storedCard(content: string): SharedBetCard | null {
  if (!content.startsWith('{')) return null;
  try {
    const parsed = sharedBetCardSchema.safeParse(JSON.parse(content));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export interface StoredGift {
  id: number;
  roomId: number;
  giftId: number;
  count: number;
  time: number;
}
/** Inserts a gift message once per sender key; null when the key was used before. */
export async function insertGift(
  q: Queryable,
  g: { roomId: number; memberId: number; giftId: number; count: number; key: string; now: number },
): Promise<number | null> {
  const r = await q.query<{ id: bigint }>(
    `INSERT INTO chat_messages (room_id, member_id, kind, gift_id, gift_count, idempotency_key, created_at) VALUES ($1, $2, 'gift', $3, $4, $5, $6)
     ON CONFLICT (member_id, idempotency_key) WHERE idempotency_key IS NOT NULL DO NOTHING RETURNING id`,
    [g.roomId, g.memberId, g.giftId, g.count, g.key, ts(g.now)],
  );
  return r.rows[0] ? Number(r.rows[0].id) : null;
}
export async function giftByKey(
  q: Queryable,
  memberId: number,
  key: string,
): Promise<StoredGift | null> {
  const r = await q.query<{
    id: bigint;
    room_id: number;
    gift_id: number;
    gift_count: number;
    created_at: Date;
  }>(
    'SELECT id, room_id, gift_id, gift_count, created_at FROM chat_messages WHERE member_id = $1 AND idempotency_key = $2',
    [memberId, key],
  );
  const g = r.rows[0];
  return g
    ? {
        id: Number(g.id),
        roomId: g.room_id,
        giftId: g.gift_id,
        count: g.gift_count,
        time: g.created_at.getTime(),
      }
    : null;
}

/**
 * Texts and shared cards of a room, the page before `beforeId` oldest first, without deleted
 * rows or shielded senders. Share rows that stored no card (written before cards were kept)
 * are left out in SQL, so they do not shorten a page.
 */
export async function readHistory(
  q: Queryable,
  h: { roomId: number; beforeId?: number; limit: number; viewerId: number | null },
): Promise<ChatMessage[]> {
  const r = await q.query<{
    id: bigint;
    room_id: number;
    kind: string;
    content: string;
    created_at: Date;
    member_id: number;
    nickname: string;
    vip_level: number;
    avatar: string;
    staff: boolean;
  }>(
    `SELECT c.id, c.room_id, c.kind, c.content, c.created_at, m.id AS member_id, m.nickname, m.vip_level, m.avatar,
            EXISTS (SELECT 1 FROM chat_staff s WHERE s.member_id = m.id) AS staff
       FROM chat_messages c JOIN members m ON m.id = c.member_id
      WHERE c.room_id = $1 AND (c.kind = 'text' OR (c.kind = 'share' AND c.content LIKE '{%'))
        AND c.deleted_at IS NULL AND ($2::bigint IS NULL OR c.id < $2)
        AND ($4::int IS NULL OR NOT EXISTS (SELECT 1 FROM chat_shields sh WHERE sh.member_id = $4 AND sh.shielded_id = c.member_id))
      ORDER BY c.id DESC LIMIT $3`,
    [h.roomId, h.beforeId ?? null, h.limit, h.viewerId],
  );
  const messages: ChatMessage[] = [];
  for (const x of r.rows.reverse()) {
    const message: ChatMessage = {
      roomId: x.room_id,
      id: Number(x.id),
      content: x.kind === 'text' ? x.content : '',
      sender: {
        memberId: x.member_id,
        nickname: x.nickname,
        vipLevel: x.vip_level,
        avatar: x.avatar,
        staff: x.staff,
      },
      time: x.created_at.getTime(),
    };
    if (x.kind === 'share') {
      const card = storedCard(x.content);
      if (!card) continue;
      message.card = card;
    }
    messages.push(message);
  }
  return messages;
}

export async function markDeleted(
  q: Queryable,
  id: number,
  by: string,
  now: number,
): Promise<{ roomId: number } | null> {
  const r = await q.query<{ room_id: number }>(
    'UPDATE chat_messages SET deleted_at = $3, deleted_by = $2 WHERE id = $1 AND deleted_at IS NULL RETURNING room_id',
    [id, by, ts(now)],
  );
  return r.rows[0] ? { roomId: r.rows[0].room_id } : null;
}

export async function readMute(
  q: Queryable,
  memberId: number,
): Promise<{ until: number | null } | null> {
  const r = await q.query<{ until: Date | null }>(
    'SELECT until FROM chat_mutes WHERE member_id = $1',
    [memberId],
  );
  return r.rows[0] ? { until: r.rows[0].until?.getTime() ?? null } : null;
}
export async function setMute(
  q: Queryable,
  m: { memberId: number; until: number | null; reason: string; by: string; now: number },
): Promise<void> {
  await q.query(
    `INSERT INTO chat_mutes (member_id, until, reason, muted_by, muted_at) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (member_id) DO UPDATE SET until = EXCLUDED.until, reason = EXCLUDED.reason, muted_by = EXCLUDED.muted_by, muted_at = EXCLUDED.muted_at`,
    [m.memberId, m.until === null ? null : ts(m.until), m.reason, m.by, ts(m.now)],
  );
}
export async function clearMute(q: Queryable, memberId: number): Promise<void> {
  await q.query('DELETE FROM chat_mutes WHERE member_id = $1', [memberId]);
}

export async function readShields(q: Queryable, memberId: number): Promise<number[]> {
  return (
    await q.query<{ shielded_id: number }>(
      'SELECT shielded_id FROM chat_shields WHERE member_id = $1',
      [memberId],
    )
  ).rows.map((r) => r.shielded_id);
}
export async function readShieldedMembers(
  q: Queryable,
  memberId: number,
): Promise<{ memberId: number; nickname: string; avatar: string }[]> {
  const r = await q.query<{ id: number; nickname: string; avatar: string }>(
    'SELECT m.id, m.nickname, m.avatar FROM chat_shields s JOIN members m ON m.id = s.shielded_id WHERE s.member_id = $1 ORDER BY m.id',
    [memberId],
  );
  return r.rows.map((m) => ({ memberId: m.id, nickname: m.nickname, avatar: m.avatar }));
}
export async function setShield(
  q: Queryable,
  memberId: number,
  shieldedId: number,
  on: boolean,
): Promise<void> {
  if (on)
    await q.query(
      'INSERT INTO chat_shields (member_id, shielded_id) VALUES ($1, $2) ON CONFLICT DO NOTHING',
      [memberId, shieldedId],
    );
  else
    await q.query('DELETE FROM chat_shields WHERE member_id = $1 AND shielded_id = $2', [
      memberId,
      shieldedId,
    ]);
}
export async function memberExists(q: Queryable, id: number): Promise<boolean> {
  return (await q.query('SELECT 1 FROM members WHERE id = $1', [id])).rowCount > 0;
}

export async function readBlockedWords(q: Queryable): Promise<string[]> {
  return (
    await q.query<{ word: string }>('SELECT word FROM chat_blocked_words ORDER BY word')
  ).rows.map((r) => r.word);
}
export async function replaceBlockedWords(q: Queryable, words: string[]): Promise<void> {
  await q.query('DELETE FROM chat_blocked_words');
  for (const w of words)
    await q.query('INSERT INTO chat_blocked_words (word) VALUES ($1) ON CONFLICT DO NOTHING', [w]);
}

export async function setStaff(q: Queryable, memberId: number, staff: boolean): Promise<void> {
  if (staff)
    await q.query('INSERT INTO chat_staff (member_id) VALUES ($1) ON CONFLICT DO NOTHING', [
      memberId,
    ]);
  else await q.query('DELETE FROM chat_staff WHERE member_id = $1', [memberId]);
}

export async function readGifts(q: Queryable): Promise<(Gift & { priceCoin: bigint })[]> {
  const r = await q.query<{ id: number; name: string; icon: string; price_coin: bigint }>(
    'SELECT id, name, icon, price_coin FROM chat_gifts WHERE enabled ORDER BY id',
  );
  return r.rows.map((g) => ({
    giftId: g.id,
    name: g.name,
    icon: g.icon,
    price: g.price_coin.toString(),
    priceCoin: g.price_coin,
  }));
}
