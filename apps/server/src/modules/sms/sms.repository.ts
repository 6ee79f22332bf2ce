import type { Queryable } from '@nebula/db';

export interface SmsCodeRow {
  codeHash: string;
  attempts: number;
  sentAt: number;
  expiresAt: number;
  sendsInWindow: number;
  windowStart: number;
}

export async function readSmsCode(
  q: Queryable,
  purpose: string,
  target: string,
): Promise<SmsCodeRow | null> {
  const r = await q.query<{
    code_hash: string;
    attempts: number;
    sent_at: Date;
    expires_at: Date;
    sends_in_window: number;
    window_start: Date;
  }>('SELECT * FROM sms_codes WHERE purpose = $1 AND target = $2', [purpose, target]);
  const row = r.rows[0];
  if (!row) return null;
  return {
    codeHash: row.code_hash,
    attempts: row.attempts,
    sentAt: row.sent_at.getTime(),
    expiresAt: row.expires_at.getTime(),
    sendsInWindow: row.sends_in_window,
    windowStart: row.window_start.getTime(),
  };
}

export async function upsertSmsCode(
  q: Queryable,
  purpose: string,
  target: string,
  row: Omit<SmsCodeRow, 'attempts'>,
): Promise<void> {
  await q.query(
    `INSERT INTO sms_codes (purpose, target, code_hash, attempts, sent_at, expires_at, sends_in_window, window_start)
     VALUES ($1, $2, $3, 0, $4, $5, $6, $7)
     ON CONFLICT (purpose, target) DO UPDATE SET code_hash = EXCLUDED.code_hash, attempts = 0,
       sent_at = EXCLUDED.sent_at, expires_at = EXCLUDED.expires_at,
       sends_in_window = EXCLUDED.sends_in_window, window_start = EXCLUDED.window_start`,
    [
      purpose,
      target,
      row.codeHash,
      new Date(row.sentAt),
      new Date(row.expiresAt),
      row.sendsInWindow,
      new Date(row.windowStart),
    ],
  );
}

export async function bumpSmsAttempts(
  q: Queryable,
  purpose: string,
  target: string,
): Promise<void> {
  await q.query('UPDATE sms_codes SET attempts = attempts + 1 WHERE purpose = $1 AND target = $2', [
    purpose,
    target,
  ]);
}

/** Marks the code used by expiring it now, keeping the send window for rate limits. */
export async function consumeSmsCode(
  q: Queryable,
  purpose: string,
  target: string,
  now: number,
): Promise<void> {
  await q.query(
    `UPDATE sms_codes SET code_hash = '', expires_at = $3 WHERE purpose = $1 AND target = $2`,
    [purpose, target, new Date(now)],
  );
}

export async function readOutbox(q: Queryable, limit: number) {
  const r = await q.query<{
    id: number;
    phone: string;
    text: string;
    purpose: string;
    sent_at: Date;
  }>('SELECT id, phone, text, purpose, sent_at FROM sms_outbox ORDER BY id DESC LIMIT $1', [limit]);
  return r.rows.map((m) => ({
    id: m.id,
    phone: m.phone,
    text: m.text,
    purpose: m.purpose,
    sentAt: m.sent_at.getTime(),
  }));
}

/** The dev outbox: where the built-in gateway leaves messages for operators to read. */
export async function insertOutbox(
  q: Queryable,
  m: { phone: string; text: string; purpose: string; at: number },
): Promise<void> {
  await q.query('INSERT INTO sms_outbox (phone, text, purpose, sent_at) VALUES ($1, $2, $3, $4)', [
    m.phone,
    m.text,
    m.purpose,
    new Date(m.at),
  ]);
}
