import type { Queryable } from '@nebula/db';

// The members row outside registration and login (credentials.repository.ts): the profile, the
// phone, the fund password and the operator's block. The auth module is the row's one writer.

export async function updateProfile(
  q: Queryable,
  id: number,
  p: { nickname?: string; avatar?: string; email?: string | null },
): Promise<void> {
  await q.query(
    `UPDATE members SET nickname = COALESCE($2, nickname), avatar = COALESCE($3, avatar),
            email = CASE WHEN $4::boolean THEN $5 ELSE email END WHERE id = $1`,
    [id, p.nickname ?? null, p.avatar ?? null, p.email !== undefined, p.email ?? null],
  );
}

/** Binds a phone; false when another member holds it. */
export async function setPhone(
  q: Queryable,
  id: number,
  countryCode: string,
  phone: string,
): Promise<boolean> {
  const taken = await q.query(
    'SELECT 1 FROM members WHERE country_code = $1 AND phone = $2 AND id <> $3',
    [countryCode, phone, id],
  );
  if (taken.rowCount > 0) return false;
  await q.query('UPDATE members SET country_code = $2, phone = $3 WHERE id = $1', [
    id,
    countryCode,
    phone,
  ]);
  return true;
}

export async function setFundPassword(q: Queryable, id: number, hash: string): Promise<void> {
  await q.query('UPDATE members SET fund_password_hash = $2 WHERE id = $1', [id, hash]);
}

export async function setMemberBlocked(
  q: Queryable,
  id: number,
  blocked: boolean,
  reason: string,
): Promise<{ before: boolean } | null> {
  const r = await q.query<{ blocked: boolean }>(
    'SELECT blocked FROM members WHERE id = $1 FOR UPDATE',
    [id],
  );
  const row = r.rows[0];
  if (!row) return null;
  await q.query('UPDATE members SET blocked = $2, blocked_reason = $3 WHERE id = $1', [
    id,
    blocked,
    blocked ? reason : null,
  ]);
  return { before: row.blocked };
}

/** The VIP level everything reads (the member's info, the chat's room gates). */
export async function setVipLevel(q: Queryable, id: number, level: number): Promise<void> {
  await q.query('UPDATE members SET vip_level = $2 WHERE id = $1', [id, level]);
}
