import { randomInt } from 'node:crypto';
import {
  AVATAR_COUNT,
  ErrorCode,
  avatarUrl,
  isCommonPassword,
  type LoginResult,
} from '@nebula/protocol';
import type { Db, Queryable } from '@nebula/db';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { networkOf, subscriberBlockOf } from '../../lib/network';
import { hashPassword } from '../../lib/password';
import type { SettingsService } from '../settings/settings.service';
import type { CaptchaService } from './captcha.service';
import * as credentials from './credentials.repository';
import type { LoginCompletionService, RequestMeta } from './login-completion.service';
import type { SessionService } from './session.service';
import * as throttles from './throttle.repository';
import type { SelfExclusionCheck } from './self-exclusion-check.types';
import type { AgentCodeCheck } from './agent-code-check.types';

const HOUR_MS = 60 * 60 * 1000;
const INVITE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** Sign-ups an hour from one address and from its subscriber block. */
interface RegistrationRate {
  perAddress: number;
  perBlock: number;
}

export interface RegistrationDeps {
  db: Db;
  clock: Clock;
  settings: SettingsService;
  sessions: SessionService;
  captcha: CaptchaService;
  completion: LoginCompletionService;
  selfExclusion?: SelfExclusionCheck;
  agents?: AgentCodeCheck;
}

/** New accounts: the public checks, then the member row and its first login. */
export class RegistrationService {
  constructor(private readonly d: RegistrationDeps) {}

  async register(
    input: {
      userName: string;
      password: string;
      inviteCode?: string;
      agentCode?: string;
      ageConfirmed: boolean;
      captchaId?: string;
      captchaCode?: string;
    },
    meta: RequestMeta,
  ): Promise<LoginResult> {
    await this.d.sessions.refuseBlockedDevice(meta.deviceId);
    const settings = await this.d.settings.get();
    if (settings.stopRegister) throw new AppError(ErrorCode.RegistrationClosed);
    if (!input.ageConfirmed) throw new AppError(ErrorCode.AgeNotConfirmed);
    if (settings.registerCaptcha) await this.d.captcha.check(input.captchaId, input.captchaCode);
    await this.d.selfExclusion?.assertMayRegister({ userName: input.userName });
    return this.registerTrusted(input, meta, {
      perAddress: settings.registerPerAddressHour,
      perBlock: settings.registerPerBlockHour,
    });
  }

  /** Registration after the public checks (stopRegister, age, captcha): the seed uses it too. */
  async registerTrusted(
    input: { userName: string; password: string; inviteCode?: string; agentCode?: string },
    meta: RequestMeta,
    rate?: RegistrationRate,
  ): Promise<LoginResult> {
    // Everything about the request before the name's availability: a taken name must not be
    // told apart from a free one by a request that could never register (bogus invite code).
    if (
      isCommonPassword(input.password) ||
      input.password.toLowerCase().includes(input.userName.toLowerCase())
    ) {
      throw new AppError(ErrorCode.WeakPassword);
    }
    const { inviterId, agentId } = await this.#referrer(input);
    const lower = input.userName.toLowerCase();
    if (await credentials.findMemberByName(this.d.db, lower))
      throw new AppError(ErrorCode.UsernameTaken);
    const passwordHash = await hashPassword(input.password);
    const now = this.d.clock.now();
    const done = await this.d.db.tx(async (q) => {
      // Counted in the member's own transaction: the counter row serializes parallel sign-ups
      // from one address, and a refused or failed one rolls its count back.
      if (rate) await this.#countRegistration(q, meta.ip, now, rate);
      const memberId = await credentials.insertMember(q, {
        userName: input.userName,
        passwordHash,
        nickname: input.userName,
        avatar: avatarUrl(randomInt(1, AVATAR_COUNT + 1)),
        inviteCode: await this.#newInviteCode(q),
        inviterId,
        ip: meta.ip,
        deviceId: meta.deviceId,
        now,
      });
      if (memberId === null) throw new AppError(ErrorCode.UsernameTaken);
      if (agentId !== null) await this.d.agents?.attach(q, memberId, agentId);
      // The new member proved the password just now: the device is trusted, no risk to assess.
      return this.d.completion.completeIn(q, {
        memberId,
        userName: input.userName,
        meta,
        network: networkOf(meta.ip),
        remember: false,
        risk: null,
        authorized: true,
      });
    });
    return this.d.completion.announce(done);
  }

  /**
   * Who brought the member (contract §5 Agents): an agent code names an approved agent, whose
   * downline the member joins; an invite code that is an approved agent's counts the same (no
   * friend invitation); any other member's invite code is a friend invitation. A code that is
   * nobody's is 6046.
   */
  async #referrer(input: {
    inviteCode?: string;
    agentCode?: string;
  }): Promise<{ inviterId: number | null; agentId: number | null }> {
    let agentId: number | null = null;
    let inviterId: number | null = null;
    const agents = this.d.agents;
    if (input.agentCode) {
      agentId = agents ? await agents.agentOfCode(this.d.db, input.agentCode) : null;
      if (agentId === null) throw new AppError(ErrorCode.InviteCodeInvalid);
    }
    if (input.inviteCode) {
      const owner = await credentials.findMemberIdByInviteCode(this.d.db, input.inviteCode);
      if (owner === null) throw new AppError(ErrorCode.InviteCodeInvalid);
      const asAgent = agents ? await agents.agentOfCode(this.d.db, input.inviteCode) : null;
      if (asAgent === null) inviterId = owner;
      else agentId ??= asAgent;
    }
    return { inviterId, agentId };
  }

  /** Bots farm accounts: a registration past the hour's budget of its address or block is 6056. */
  async #countRegistration(
    q: Queryable,
    ip: string,
    now: number,
    rate: RegistrationRate,
  ): Promise<void> {
    const byAddress = await throttles.bumpThrottle(q, `register:ip:${ip}`, now, HOUR_MS);
    const byBlock = await throttles.bumpThrottle(
      q,
      `register:block:${subscriberBlockOf(ip)}`,
      now,
      HOUR_MS,
    );
    if (byAddress.failures > rate.perAddress || byBlock.failures > rate.perBlock) {
      throw new AppError(ErrorCode.RegisterTooFrequent);
    }
  }

  async #newInviteCode(q: Queryable): Promise<string> {
    for (;;) {
      let code = '';
      for (let i = 0; i < 8; i += 1) code += INVITE_ALPHABET[randomInt(0, INVITE_ALPHABET.length)];
      if (!(await credentials.inviteCodeExists(q, code))) return code;
    }
  }
}
