import { ts, type Queryable } from '@nebula/db';

export type ChallengePurpose = 'register' | 'login' | 'money' | 'settings' | 'operators';

export interface PasskeyRow {
  id: number;
  operatorId: number;
  credentialId: string;
  publicKey: Uint8Array;
  counter: number;
  transports: string[];
  name: string;
  createdAt: number;
  lastUsedAt: number | null;
}

interface RawPasskey {
  id: number | string;
  operator_id: number;
  credential_id: string;
  public_key: Uint8Array;
  counter: number | string;
  transports: string[];
  name: string;
  created_at: Date | string;
  last_used_at: Date | string | null;
}

const COLUMNS =
  'id, operator_id, credential_id, public_key, counter, transports, name, created_at, last_used_at';

function toRow(r: RawPasskey): PasskeyRow {
  return {
    id: Number(r.id),
    operatorId: r.operator_id,
    credentialId: r.credential_id,
    publicKey: new Uint8Array(r.public_key),
    counter: Number(r.counter),
    transports: r.transports,
    name: r.name,
    createdAt: new Date(r.created_at).getTime(),
    lastUsedAt: r.last_used_at === null ? null : new Date(r.last_used_at).getTime(),
  };
}

/** Stores an issued challenge; expired ones are swept on the way (they are never read again). */
export async function insertChallenge(
  q: Queryable,
  c: { challenge: string; purpose: ChallengePurpose; tokenHash: Buffer | null; expiresAt: number },
  now: number,
): Promise<void> {
  await q.query('DELETE FROM operator_passkey_challenges WHERE expires_at <= $1', [ts(now)]);
  await q.query(
    `INSERT INTO operator_passkey_challenges (challenge, purpose, token_hash, expires_at)
       VALUES ($1, $2, $3, $4)`,
    [c.challenge, c.purpose, c.tokenHash, ts(c.expiresAt)],
  );
}

/**
 * Spends a challenge: true once, for the purpose and session it was issued to and before it
 * expires; the row goes either way when it matches, so a challenge never counts twice.
 */
export async function spendChallenge(
  q: Queryable,
  challenge: string,
  purpose: ChallengePurpose,
  tokenHash: Buffer | null,
  now: number,
): Promise<boolean> {
  const r = await q.query<{ expires_at: Date | string }>(
    `DELETE FROM operator_passkey_challenges
      WHERE challenge = $1 AND purpose = $2 AND token_hash IS NOT DISTINCT FROM $3
      RETURNING expires_at`,
    [challenge, purpose, tokenHash],
  );
  const row = r.rows[0];
  return row !== undefined && new Date(row.expires_at).getTime() > now;
}

export async function passkeysOf(q: Queryable, operatorId: number): Promise<PasskeyRow[]> {
  const r = await q.query<RawPasskey>(
    `SELECT ${COLUMNS} FROM operator_passkeys WHERE operator_id = $1 ORDER BY id`,
    [operatorId],
  );
  return r.rows.map(toRow);
}

export async function findPasskey(q: Queryable, credentialId: string): Promise<PasskeyRow | null> {
  const r = await q.query<RawPasskey>(
    `SELECT ${COLUMNS} FROM operator_passkeys WHERE credential_id = $1`,
    [credentialId],
  );
  return r.rows[0] ? toRow(r.rows[0]) : null;
}

export async function hasPasskey(q: Queryable, operatorId: number): Promise<boolean> {
  const r = await q.query('SELECT 1 FROM operator_passkeys WHERE operator_id = $1 LIMIT 1', [
    operatorId,
  ]);
  return r.rows.length > 0;
}

/** Null when the credential id is already registered (to anyone). */
export async function insertPasskey(
  q: Queryable,
  p: {
    operatorId: number;
    credentialId: string;
    publicKey: Uint8Array;
    counter: number;
    transports: string[];
    name: string;
    now: number;
  },
): Promise<PasskeyRow | null> {
  const r = await q.query<RawPasskey>(
    `INSERT INTO operator_passkeys
       (operator_id, credential_id, public_key, counter, transports, name, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (credential_id) DO NOTHING
       RETURNING ${COLUMNS}`,
    [
      p.operatorId,
      p.credentialId,
      Buffer.from(p.publicKey),
      p.counter,
      p.transports,
      p.name,
      ts(p.now),
    ],
  );
  return r.rows[0] ? toRow(r.rows[0]) : null;
}

/**
 * Moves the signature counter from the value the check read to the new one: two assertions
 * racing with the same counter cannot both pass.
 */
export async function advanceCounter(
  q: Queryable,
  id: number,
  from: number,
  to: number,
  now: number,
): Promise<boolean> {
  const r = await q.query(
    'UPDATE operator_passkeys SET counter = $3, last_used_at = $4 WHERE id = $1 AND counter = $2',
    [id, from, to, ts(now)],
  );
  return r.rowCount > 0;
}

export async function deletePasskey(
  q: Queryable,
  operatorId: number,
  id: number,
): Promise<PasskeyRow | null> {
  const r = await q.query<RawPasskey>(
    `DELETE FROM operator_passkeys WHERE id = $1 AND operator_id = $2 RETURNING ${COLUMNS}`,
    [id, operatorId],
  );
  return r.rows[0] ? toRow(r.rows[0]) : null;
}
