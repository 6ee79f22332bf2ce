import { ErrorCode, type PasskeyAuthenticationResponse } from '@nebula/protocol';
import type { Db } from '@nebula/db';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { sha256Hex } from '../../lib/tokens';
import { matchTotp, type SecretBox } from '../../lib/totp';
import type { PasskeyService } from './passkey.service';
import * as repo from './operator.repository';

export interface SecondFactorInput {
  totp?: string;
  recoveryCode?: string;
  passkey?: PasskeyAuthenticationResponse;
}

export interface SecondFactorDeps {
  db: Db;
  clock: Clock;
  box: SecretBox;
  passkeys: PasskeyService;
  audit: (
    op: repo.OperatorRow,
    action: string,
    after: Record<string, unknown> | null,
  ) => Promise<void>;
}

export const recoveryHash = (code: string) =>
  Buffer.from(sha256Hex(code.replace(/[\s-]/g, '').toUpperCase()), 'hex');

/**
 * The login's second factor for an enrolled operator — TOTP, a passkey or both (docs/contract.md
 * §4.1): a passkey assertion, a recovery code (once) or the six digits (each step once). Null when it holds,
 * else the code refusing it, which the login counts as a failed attempt; with none given,
 * 6058 — and whether a passkey would do, since the password was right.
 */
export async function checkSecondFactor(
  d: SecondFactorDeps,
  op: repo.OperatorRow,
  input: SecondFactorInput,
): Promise<ErrorCode | null> {
  if (input.passkey) {
    const refused = await d.passkeys.verifyLogin(op.id, input.passkey);
    if (refused === null) return null;
    await d.audit(op, 'operator.totp.failed', { via: 'passkey' });
    return refused;
  }
  if (input.recoveryCode) {
    const hash = recoveryHash(input.recoveryCode);
    if (await repo.useRecoveryCode(d.db, op.id, hash, d.clock.now())) {
      await d.audit(op, 'operator.recovery_code.used', null);
      return null;
    }
    await d.audit(op, 'operator.totp.failed', { via: 'recoveryCode' });
    return ErrorCode.AdminTotpWrong;
  }
  if (!input.totp)
    throw new AppError(ErrorCode.AdminTotpRequired, { passkey: await d.passkeys.has(op.id) });
  // A passkey-only operator has no TOTP secret: six digits cannot match anything.
  const step = op.totpSecret
    ? matchTotp(d.box.open(op.totpSecret), input.totp, d.clock.now())
    : null;
  if (step !== null && (await repo.useTotpStep(d.db, op.id, step))) return null;
  await d.audit(op, 'operator.totp.failed', { via: 'totp' });
  return ErrorCode.AdminTotpWrong;
}
