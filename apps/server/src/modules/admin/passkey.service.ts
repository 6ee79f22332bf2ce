import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import {
  ErrorCode,
  type PasskeyAuthenticationResponse,
  type PasskeyRegistrationResponse,
  type StepUpClass,
} from '@nebula/protocol';
import type { Db, Queryable } from '@nebula/db';
import type { WebauthnConfig } from '../../config/webauthn-config';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { Operator } from '../../http/operator-context';
import type { AuditService } from '../audit/audit.service';
import * as operatorRepo from './operator.repository';
import * as repo from './passkey.repository';

/** A challenge counts this long: a step-up's assertion is as fresh as a typed code (§4.1). */
export const PASSKEY_CHALLENGE_MS = 5 * 60 * 1000;
const MAX_PASSKEYS = 10;

export interface PasskeyServiceDeps {
  db: Db;
  clock: Clock;
  audit: AuditService;
  rp: WebauthnConfig;
}

export interface PasskeyView {
  id: number;
  name: string;
  createdAt: number;
  lastUsedAt: number | null;
}

const view = (p: repo.PasskeyRow): PasskeyView => ({
  id: p.id,
  name: p.name,
  createdAt: p.createdAt,
  lastUsedAt: p.lastUsedAt,
});

/** The challenge the browser signed, read from its client data (null when unreadable). */
function challengeOf(clientDataJSON: string): string | null {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8'));
    const c = (parsed as { challenge?: unknown }).challenge;
    return typeof c === 'string' && c.length > 0 && c.length <= 128 ? c : null;
  } catch {
    return null;
  }
}

/**
 * Operator passkeys (WebAuthn) as a second factor beside TOTP or instead of it (docs/contract.md
 * §4.1): an operator registers passkeys after an `operators` step-up (none is asked of one
 * without any factor yet, who enrols), then logs in or steps up with one instead of six digits. Every challenge is issued here, stored, single-use and
 * expires after five minutes; step-up challenges are bound to the session and the class.
 */
export class PasskeyService {
  constructor(private readonly d: PasskeyServiceDeps) {}

  list(op: Operator): Promise<PasskeyView[]> {
    return repo.passkeysOf(this.d.db, op.operatorId).then((l) => l.map(view));
  }

  has(operatorId: number): Promise<boolean> {
    return repo.hasPasskey(this.d.db, operatorId);
  }

  async registerOptions(op: Operator): Promise<{ challenge: string }> {
    // A passkey may be the operator's first and only second factor: an operator without one
    // enrols here (an enrol-only session included) as they would with TOTP (§4.1).
    const existing = await repo.passkeysOf(this.d.db, op.operatorId);
    if (existing.length >= MAX_PASSKEYS) throw new AppError(ErrorCode.PasskeyLimit);
    const options = await generateRegistrationOptions({
      rpName: this.d.rp.rpName,
      rpID: this.d.rp.rpId,
      userName: op.userName,
      userID: new TextEncoder().encode(`operator:${op.operatorId}`),
      attestationType: 'none',
      timeout: PASSKEY_CHALLENGE_MS,
      excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: p.transports })),
      // Discoverable where the authenticator can: the login challenge names no credentials.
      authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
    });
    await this.#issue(options.challenge, 'register', op.sessionHash);
    return options;
  }

  async register(
    op: Operator,
    name: string,
    response: PasskeyRegistrationResponse,
  ): Promise<PasskeyView> {
    const challenge = challengeOf(response.response.clientDataJSON);
    if (!challenge || !(await this.#spend(challenge, 'register', op.sessionHash)))
      throw new AppError(ErrorCode.PasskeyChallengeInvalid);
    let info;
    try {
      const v = await verifyRegistrationResponse({
        response: response,
        expectedChallenge: challenge,
        expectedOrigin: this.d.rp.origins,
        expectedRPID: this.d.rp.rpId,
        requireUserVerification: false,
      });
      info = v.verified ? v.registrationInfo : null;
    } catch {
      info = null;
    }
    if (!info) {
      await this.#audit(this.d.db, op, 'operator.passkey.failed', { via: 'register' });
      throw new AppError(ErrorCode.PasskeyVerifyFailed);
    }
    const credential = info.credential;
    return this.d.db.tx(async (q) => {
      if ((await repo.passkeysOf(q, op.operatorId)).length >= MAX_PASSKEYS)
        throw new AppError(ErrorCode.PasskeyLimit);
      const row = await repo.insertPasskey(q, {
        operatorId: op.operatorId,
        credentialId: credential.id,
        publicKey: credential.publicKey,
        counter: credential.counter,
        transports: response.response.transports ?? [],
        name,
        now: this.d.clock.now(),
      });
      // A credential id belongs to one operator: the same authenticator key is never shared.
      if (!row) throw new AppError(ErrorCode.PasskeyAlreadyRegistered);
      await this.#audit(q, op, 'operator.passkey.added', { passkeyId: row.id, name });
      // The first factor set up in an enrol-only session opens it, as a confirmed TOTP does.
      if (op.enrolOnly) await operatorRepo.upgradeOperatorSession(q, op.sessionHash);
      return view(row);
    });
  }

  async remove(op: Operator, passkeyId: number): Promise<null> {
    return this.d.db.tx(async (q) => {
      // The operator's row locked: two removals at once cannot both see "one more left".
      const me = await operatorRepo.findOperatorById(q, op.operatorId, true);
      const row = await repo.deletePasskey(q, op.operatorId, passkeyId);
      if (!row) throw new AppError(ErrorCode.PasskeyNotFound);
      // The last passkey of an operator without TOTP is their only second factor: removing it
      // would leave a password alone (9680; the delete above rolls back).
      if (!me?.totpSecret && (await repo.passkeysOf(q, op.operatorId)).length === 0)
        throw new AppError(ErrorCode.PasskeyLastFactor);
      await this.#audit(q, op, 'operator.passkey.removed', { passkeyId, name: row.name });
      return null;
    });
  }

  /** The login challenge: asked before there is a session, so it names no credentials. */
  async loginOptions(): Promise<{ challenge: string }> {
    const options = await generateAuthenticationOptions({
      rpID: this.d.rp.rpId,
      userVerification: 'preferred',
      timeout: PASSKEY_CHALLENGE_MS,
    });
    await this.#issue(options.challenge, 'login', null);
    return options;
  }

  async stepUpOptions(op: Operator, cls: StepUpClass): Promise<{ challenge: string }> {
    const mine = await repo.passkeysOf(this.d.db, op.operatorId);
    if (mine.length === 0) throw new AppError(ErrorCode.PasskeyNotFound);
    const options = await generateAuthenticationOptions({
      rpID: this.d.rp.rpId,
      userVerification: 'preferred',
      timeout: PASSKEY_CHALLENGE_MS,
      allowCredentials: mine.map((p) => ({ id: p.credentialId, transports: p.transports })),
    });
    await this.#issue(options.challenge, cls, op.sessionHash);
    return options;
  }

  /** The operator's login assertion: null when good, else the code refusing it. */
  verifyLogin(
    operatorId: number,
    response: PasskeyAuthenticationResponse,
  ): Promise<ErrorCode | null> {
    return this.#assert(operatorId, response, 'login', null);
  }

  /** A step-up assertion for this session and class: null when good, else the refusing code. */
  verifyStepUp(
    op: Operator,
    cls: StepUpClass,
    response: PasskeyAuthenticationResponse,
  ): Promise<ErrorCode | null> {
    // The assertion's credential must be this operator's (checked in #assert).
    return this.#assert(op.operatorId, response, cls, op.sessionHash);
  }

  async #assert(
    operatorId: number,
    response: PasskeyAuthenticationResponse,
    purpose: repo.ChallengePurpose,
    tokenHash: Buffer | null,
  ): Promise<ErrorCode | null> {
    const challenge = challengeOf(response.response.clientDataJSON);
    if (!challenge || !(await this.#spend(challenge, purpose, tokenHash)))
      return ErrorCode.PasskeyChallengeInvalid;
    const cred = await repo.findPasskey(this.d.db, response.id);
    if (!cred || cred.operatorId !== operatorId) return ErrorCode.PasskeyNotFound;
    try {
      // Also refuses a signature counter that did not move forward (a cloned authenticator).
      const v = await verifyAuthenticationResponse({
        response: response,
        expectedChallenge: challenge,
        expectedOrigin: this.d.rp.origins,
        expectedRPID: this.d.rp.rpId,
        credential: {
          id: cred.credentialId,
          publicKey: new Uint8Array(cred.publicKey),
          counter: cred.counter,
          transports: cred.transports,
        },
        requireUserVerification: false,
      });
      if (!v.verified) return ErrorCode.PasskeyVerifyFailed;
      const moved = await repo.advanceCounter(
        this.d.db,
        cred.id,
        cred.counter,
        v.authenticationInfo.newCounter,
        this.d.clock.now(),
      );
      return moved ? null : ErrorCode.PasskeyVerifyFailed;
    } catch {
      return ErrorCode.PasskeyVerifyFailed;
    }
  }

  #issue(challenge: string, purpose: repo.ChallengePurpose, tokenHash: Buffer | null) {
    const now = this.d.clock.now();
    const expiresAt = now + PASSKEY_CHALLENGE_MS;
    return repo.insertChallenge(this.d.db, { challenge, purpose, tokenHash, expiresAt }, now);
  }

  #spend(challenge: string, purpose: repo.ChallengePurpose, tokenHash: Buffer | null) {
    return repo.spendChallenge(this.d.db, challenge, purpose, tokenHash, this.d.clock.now());
  }

  #audit(q: Queryable, op: Operator, action: string, after: Record<string, unknown>) {
    return this.d.audit.record(q, {
      actor: op.userName,
      action,
      target: `operator:${op.operatorId}`,
      before: null,
      after,
    });
  }
}
