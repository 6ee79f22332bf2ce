import { ts, type Queryable } from '@nebula/db';

export interface OperatorRow {
  id: number;
  userName: string;
  passwordHash: string;
  roleId: number;
  disabled: boolean;
  /** The sealed TOTP secret once enrolled, else null. */
  totpSecret: string | null;
  totpPending: string | null;
  totpLastStep: number | null;
}

const OPERATOR_COLUMNS =
  'id, user_name, password_hash, role_id, disabled, totp_secret, totp_pending, totp_last_step';

interface OperatorDbRow {
  id: number;
  user_name: string;
  password_hash: string;
  role_id: number;
  disabled: boolean;
  totp_secret: string | null;
  totp_pending: string | null;
  totp_last_step: string | number | null;
}

function toOperator(o: OperatorDbRow): OperatorRow {
  return {
    id: o.id,
    userName: o.user_name,
    passwordHash: o.password_hash,
    roleId: o.role_id,
    disabled: o.disabled,
    totpSecret: o.totp_secret,
    totpPending: o.totp_pending,
    totpLastStep: o.totp_last_step === null ? null : Number(o.totp_last_step),
  };
}

export async function countOperators(q: Queryable): Promise<number> {
  return (await q.query<{ n: number }>('SELECT count(*)::int AS n FROM operators')).rows[0]?.n ?? 0;
}

export async function insertOperator(
  q: Queryable,
  o: { userName: string; passwordHash: string; roleId: number; now: number },
): Promise<number> {
  const r = await q.query<{ id: number }>(
    'INSERT INTO operators (user_name, password_hash, role_id, created_at) VALUES ($1, $2, $3, $4) ON CONFLICT (user_name) DO NOTHING RETURNING id',
    [o.userName, o.passwordHash, o.roleId, ts(o.now)],
  );
  return r.rows[0]?.id ?? 0;
}

export async function findOperator(q: Queryable, userName: string): Promise<OperatorRow | null> {
  const r = await q.query<OperatorDbRow>(
    `SELECT ${OPERATOR_COLUMNS} FROM operators WHERE user_name = $1`,
    [userName],
  );
  return r.rows[0] ? toOperator(r.rows[0]) : null;
}

/** The operator's row, locked for the rest of the caller's transaction when `lock` is set. */
export async function findOperatorById(
  q: Queryable,
  id: number,
  lock = false,
): Promise<OperatorRow | null> {
  const r = await q.query<OperatorDbRow>(
    `SELECT ${OPERATOR_COLUMNS} FROM operators WHERE id = $1${lock ? ' FOR UPDATE' : ''}`,
    [id],
  );
  return r.rows[0] ? toOperator(r.rows[0]) : null;
}

/**
 * Records the step of a code just used, only if it is later than the last one: the compare
 * and set makes a code good for one login even when two arrive at once.
 */
export async function useTotpStep(q: Queryable, id: number, step: number): Promise<boolean> {
  const r = await q.query(
    'UPDATE operators SET totp_last_step = $2 WHERE id = $1 AND (totp_last_step IS NULL OR totp_last_step < $2)',
    [id, step],
  );
  return r.rowCount > 0;
}

export async function setTotpPending(q: Queryable, id: number, sealed: string): Promise<void> {
  await q.query('UPDATE operators SET totp_pending = $2 WHERE id = $1', [id, sealed]);
}

export async function enableTotp(
  q: Queryable,
  id: number,
  step: number,
  now: number,
): Promise<void> {
  await q.query(
    `UPDATE operators SET totp_secret = totp_pending, totp_pending = NULL, totp_last_step = $2,
       totp_enabled_at = $3 WHERE id = $1`,
    [id, step, ts(now)],
  );
}

export async function clearTotp(q: Queryable, id: number): Promise<boolean> {
  const r = await q.query(
    `UPDATE operators SET totp_secret = NULL, totp_pending = NULL, totp_last_step = NULL,
       totp_enabled_at = NULL WHERE id = $1`,
    [id],
  );
  await q.query('DELETE FROM operator_recovery_codes WHERE operator_id = $1', [id]);
  // The passkeys are part of the factor being reset: the lost device may hold one.
  await q.query('DELETE FROM operator_passkeys WHERE operator_id = $1', [id]);
  return r.rowCount > 0;
}

export async function replaceRecoveryCodes(
  q: Queryable,
  id: number,
  hashes: Buffer[],
): Promise<void> {
  await q.query('DELETE FROM operator_recovery_codes WHERE operator_id = $1', [id]);
  for (const hash of hashes) {
    await q.query('INSERT INTO operator_recovery_codes (operator_id, code_hash) VALUES ($1, $2)', [
      id,
      hash,
    ]);
  }
}

/** Spends a recovery code: true once, false for an unknown or used one. */
export async function useRecoveryCode(
  q: Queryable,
  id: number,
  hash: Buffer,
  now: number,
): Promise<boolean> {
  const r = await q.query(
    'UPDATE operator_recovery_codes SET used_at = $3 WHERE operator_id = $1 AND code_hash = $2 AND used_at IS NULL',
    [id, hash, ts(now)],
  );
  return r.rowCount > 0;
}

export async function insertOperatorSession(
  q: Queryable,
  s: { hash: Buffer; operatorId: number; now: number; expiresAt: number; enrolOnly: boolean },
): Promise<void> {
  await q.query(
    'INSERT INTO operator_sessions (token_hash, operator_id, created_at, expires_at, enrol_only) VALUES ($1, $2, $3, $4, $5)',
    [s.hash, s.operatorId, ts(s.now), ts(s.expiresAt), s.enrolOnly],
  );
}

/** A live session's operator with their role; `hasTotp` so the guard re-checks the setting. */
export interface SessionOperatorRow {
  operatorId: number;
  userName: string;
  roleId: number;
  roleName: string;
  permissions: string[];
  superuser: boolean;
  enrolOnly: boolean;
  hasTotp: boolean;
  hasPasskey: boolean;
  /** The session's last request (its start before the first one), epoch ms. */
  seenAt: number;
}

export async function lookupOperatorSession(
  q: Queryable,
  hash: Buffer,
  now: number,
): Promise<SessionOperatorRow | null> {
  const r = await q.query<{
    id: number;
    user_name: string;
    role_id: number;
    role_name: string;
    permissions: string[];
    superuser: boolean;
    enrol_only: boolean;
    has_totp: boolean;
    has_passkey: boolean;
    seen_at: Date | string;
  }>(
    `SELECT o.id, o.user_name, o.role_id, r.name AS role_name, r.permissions, r.superuser,
            s.enrol_only, o.totp_secret IS NOT NULL AS has_totp,
            EXISTS (SELECT 1 FROM operator_passkeys p WHERE p.operator_id = o.id) AS has_passkey,
            COALESCE(s.last_seen_at, s.created_at) AS seen_at
       FROM operator_sessions s JOIN operators o ON o.id = s.operator_id
       JOIN operator_roles r ON r.id = o.role_id
      WHERE s.token_hash = $1 AND s.ended_at IS NULL AND s.expires_at > $2 AND NOT o.disabled`,
    [hash, ts(now)],
  );
  const o = r.rows[0];
  return o
    ? {
        operatorId: o.id,
        userName: o.user_name,
        roleId: o.role_id,
        roleName: o.role_name,
        permissions: o.permissions,
        superuser: o.superuser,
        enrolOnly: o.enrol_only,
        hasTotp: o.has_totp,
        hasPasskey: o.has_passkey,
        seenAt: new Date(o.seen_at).getTime(),
      }
    : null;
}

/** Notes a request on the session (server-side inactivity, docs/contract.md §4.1). */
export async function touchOperatorSession(q: Queryable, hash: Buffer, now: number): Promise<void> {
  await q.query('UPDATE operator_sessions SET last_seen_at = $2 WHERE token_hash = $1', [
    hash,
    ts(now),
  ]);
}

export async function endOperatorSession(q: Queryable, hash: Buffer, now: number): Promise<void> {
  await q.query(
    'UPDATE operator_sessions SET ended_at = $2 WHERE token_hash = $1 AND ended_at IS NULL',
    [hash, ts(now)],
  );
}

/** Lets an enrol-only session work in full once its operator has a second factor. */
export async function upgradeOperatorSession(q: Queryable, hash: Buffer): Promise<void> {
  await q.query('UPDATE operator_sessions SET enrol_only = FALSE WHERE token_hash = $1', [hash]);
}

export async function endOperatorSessions(q: Queryable, id: number, now: number): Promise<void> {
  await q.query(
    'UPDATE operator_sessions SET ended_at = $2 WHERE operator_id = $1 AND ended_at IS NULL',
    [id, ts(now)],
  );
}
