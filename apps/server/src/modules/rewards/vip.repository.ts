import { ts, type Queryable } from '@nebula/db';

export interface VipLevelRow {
  level: number;
  name: string;
  depositThreshold: bigint;
  turnoverThreshold: bigint;
  upgradeBonus: bigint;
  monthlyPacket: bigint;
  monthlyMinDeposit: bigint;
  birthdayPacket: bigint;
  retentionTurnover: bigint;
  packetMultiple: number;
  rebateDailyCap: bigint;
}

interface LevelRaw {
  level: number;
  name: string;
  deposit_threshold: bigint;
  turnover_threshold: bigint;
  upgrade_bonus: bigint;
  monthly_packet: bigint;
  monthly_min_deposit: bigint;
  birthday_packet: bigint;
  retention_turnover: bigint;
  packet_multiple: number;
  rebate_daily_cap: bigint;
}

export async function readLevels(q: Queryable): Promise<VipLevelRow[]> {
  const r = await q.query<LevelRaw>('SELECT * FROM vip_levels ORDER BY level');
  return r.rows.map((x) => ({
    level: x.level,
    name: x.name,
    depositThreshold: x.deposit_threshold,
    turnoverThreshold: x.turnover_threshold,
    upgradeBonus: x.upgrade_bonus,
    monthlyPacket: x.monthly_packet,
    monthlyMinDeposit: x.monthly_min_deposit,
    birthdayPacket: x.birthday_packet,
    retentionTurnover: x.retention_turnover,
    packetMultiple: x.packet_multiple,
    rebateDailyCap: x.rebate_daily_cap,
  }));
}

export async function writeLevel(q: Queryable, l: VipLevelRow): Promise<void> {
  await q.query(
    `UPDATE vip_levels SET name = $2, deposit_threshold = $3, turnover_threshold = $4, upgrade_bonus = $5,
            monthly_packet = $6, monthly_min_deposit = $7, birthday_packet = $8, retention_turnover = $9,
            packet_multiple = $10, rebate_daily_cap = $11
      WHERE level = $1`,
    [
      l.level,
      l.name,
      l.depositThreshold,
      l.turnoverThreshold,
      l.upgradeBonus,
      l.monthlyPacket,
      l.monthlyMinDeposit,
      l.birthdayPacket,
      l.retentionTurnover,
      l.packetMultiple,
      l.rebateDailyCap,
    ],
  );
}

/** Holds the level table while an operator edits one row against its neighbours. */
export async function lockLevels(q: Queryable): Promise<void> {
  await q.query('SELECT level FROM vip_levels ORDER BY level FOR UPDATE');
}

export interface MemberVipFacts {
  memberId: number;
  level: number;
  levelSince: number | null;
  peakLevel: number;
  registeredAt: number;
  birthday: string | null;
  birthdaySetAt: number | null;
  /** Cumulative credited deposits and net valid turnover, in fen. */
  deposits: bigint;
  turnover: bigint;
}

interface FactsRaw {
  id: number;
  vip_level: number;
  registered_at: Date;
  level_since: Date | null;
  peak_level: number | null;
  birthday: string | null;
  birthday_set_at: Date | null;
  deposits: string;
  turnover: string;
}

const FACTS = `SELECT m.id, m.vip_level, m.registered_at, v.level_since, v.peak_level,
       to_char(v.birthday, 'YYYY-MM-DD') AS birthday, v.birthday_set_at,
       COALESCE((SELECT sum(COALESCE(d.received_amount, d.credit_amount)) FROM deposit_orders d
                  WHERE d.member_id = m.id AND d.status = 'credited'), 0)::text AS deposits,
       COALESCE((SELECT sum(CASE t.kind WHEN 'turnover' THEN t.amount ELSE -t.amount END) FROM turnover_entries t
                  WHERE t.member_id = m.id AND t.kind IN ('turnover', 'reverse')), 0)::text AS turnover
  FROM members m LEFT JOIN member_vip v ON v.member_id = m.id`;

const facts = (x: FactsRaw): MemberVipFacts => ({
  memberId: x.id,
  level: x.vip_level,
  levelSince: x.level_since?.getTime() ?? null,
  peakLevel: x.peak_level ?? x.vip_level,
  registeredAt: x.registered_at.getTime(),
  birthday: x.birthday,
  birthdaySetAt: x.birthday_set_at?.getTime() ?? null,
  deposits: BigInt(x.deposits),
  turnover: BigInt(x.turnover),
});

export async function readFacts(q: Queryable, memberId: number): Promise<MemberVipFacts | null> {
  const r = await q.query<FactsRaw>(`${FACTS} WHERE m.id = $1`, [memberId]);
  return r.rows[0] ? facts(r.rows[0]) : null;
}

/** Members the daily job looks at: any deposit or turnover, a level, or a birthday; by id. */
export async function candidateIds(
  q: Queryable,
  afterId: number,
  limit: number,
): Promise<number[]> {
  const r = await q.query<{ id: number }>(
    `SELECT m.id FROM members m
      WHERE m.id > $1
        AND (m.vip_level > 0
             OR EXISTS (SELECT 1 FROM member_vip v WHERE v.member_id = m.id)
             OR EXISTS (SELECT 1 FROM deposit_orders d WHERE d.member_id = m.id AND d.status = 'credited')
             OR EXISTS (SELECT 1 FROM turnover_entries t WHERE t.member_id = m.id AND t.kind = 'turnover'))
      ORDER BY m.id LIMIT $2`,
    [afterId, limit],
  );
  return r.rows.map((x) => x.id);
}

/** Locks the member's VIP row (made on first need) so the job and the member serialise on it. */
export async function lockMemberVip(
  q: Queryable,
  memberId: number,
  level: number,
  now: number,
): Promise<void> {
  await q.query(
    `INSERT INTO member_vip (member_id, level, level_since, peak_level) VALUES ($1, $2, $3, $2) ON CONFLICT (member_id) DO NOTHING`,
    [memberId, level, ts(now)],
  );
  await q.query('SELECT member_id FROM member_vip WHERE member_id = $1 FOR UPDATE', [memberId]);
}

export async function setMemberLevel(
  q: Queryable,
  memberId: number,
  level: number,
  now: number,
): Promise<void> {
  await q.query(
    'UPDATE member_vip SET level = $2, level_since = $3, peak_level = GREATEST(peak_level, $2) WHERE member_id = $1',
    [memberId, level, ts(now)],
  );
}

/** Sets the birthday once: false when one is set already. */
export async function setBirthday(
  q: Queryable,
  memberId: number,
  birthday: string,
  now: number,
): Promise<boolean> {
  const r = await q.query(
    `UPDATE member_vip SET birthday = $2::date, birthday_set_at = $3 WHERE member_id = $1 AND birthday IS NULL`,
    [memberId, birthday, ts(now)],
  );
  return r.rowCount > 0;
}

/** Net valid turnover in [from, to) (retention is judged on 90 days of it). */
export async function turnoverBetween(
  q: Queryable,
  memberId: number,
  from: number,
  to: number,
): Promise<bigint> {
  const r = await q.query<{ total: string }>(
    `SELECT COALESCE(sum(CASE kind WHEN 'turnover' THEN amount ELSE -amount END), 0)::text AS total
       FROM turnover_entries WHERE member_id = $1 AND kind IN ('turnover', 'reverse') AND at >= $2 AND at < $3`,
    [memberId, ts(from), ts(to)],
  );
  return BigInt(r.rows[0]?.total ?? '0');
}

/** Credited deposits in [from, to) (the monthly packet's minimum). */
export async function depositsBetween(
  q: Queryable,
  memberId: number,
  from: number,
  to: number,
): Promise<bigint> {
  const r = await q.query<{ total: string }>(
    `SELECT COALESCE(sum(COALESCE(received_amount, credit_amount)), 0)::text AS total
       FROM deposit_orders WHERE member_id = $1 AND status = 'credited' AND updated_at >= $2 AND updated_at < $3`,
    [memberId, ts(from), ts(to)],
  );
  return BigInt(r.rows[0]?.total ?? '0');
}

/** Marks a job's period as run; false when it ran already. */
export async function markRun(
  q: Queryable,
  job: string,
  period: string,
  members: number,
  now: number,
): Promise<boolean> {
  const r = await q.query(
    `INSERT INTO reward_job_runs (job, period, ran_at, members) VALUES ($1, $2, $3, $4) ON CONFLICT (job, period) DO NOTHING`,
    [job, period, ts(now), members],
  );
  return r.rowCount > 0;
}

export async function hasRun(q: Queryable, job: string, period: string): Promise<boolean> {
  const r = await q.query('SELECT 1 FROM reward_job_runs WHERE job = $1 AND period = $2', [
    job,
    period,
  ]);
  return r.rows.length > 0;
}
