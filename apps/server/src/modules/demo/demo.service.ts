import { randomBytes } from 'node:crypto';
import {
  DEMO_TOKEN_PREFIX,
  ErrorCode,
  type DemoBalance,
  type DemoInfo,
  type DemoLaunchRequest,
  type DemoLaunchResult,
  type DemoWalletRequest,
} from '@nebula/protocol';
import { DEMO_MERCHANT, DEMO_PLAY_AMOUNT } from '@nebula/protocol/venue/merchant';
import { familyNeedsDialect, isVenuePageUrl } from '@nebula/protocol/venue/registry';
import type { Db } from '@nebula/db';
import type { FastifyBaseLogger } from 'fastify';
import type { MerchantSecrets } from '../../config/merchant-secrets';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { newToken, tokenHash } from '../../lib/tokens';
import type { EligibilityService } from '../play-break/eligibility.service';
import type { SettingsService } from '../settings/settings.service';
import type {
  MerchantClient,
  MerchantOutcome,
  MerchantTarget,
} from '../venue-registry/merchant-client';
import type { VenueRegistry, VenueRow } from '../venue-registry/venue-registry.service';
import * as repo from './demo.repository';

export interface DemoDeps {
  db: Db;
  clock: Clock;
  settings: SettingsService;
  registry: VenueRegistry;
  merchant: MerchantClient;
  secrets: MerchantSecrets;
  eligibility: EligibilityService;
  log: FastifyBaseLogger;
}

/**
 * 试玩 (docs/contract.md §6 Demo play). A visitor or a member plays the house venue's games
 * under its DEMO merchant: a demo session has a random player id (never a member's) and a
 * token the site keeps (`demo_…`), and lasts the site's `demoSessionMinutes`. The platform
 * only launches, reads the demo balance and asks for resets: it never transfers to DEMO, its
 * bet worker never pulls DEMO (its registry never names it), and a demo token is refused on
 * every member call (api-guard, 9701) — so nothing of demo reaches money, turnover or records.
 * Off (`demoEnabled`), or without the DEMO secret: 9700. A member on a time-out or
 * self-exclusion gets no demo (the eligibility gate, purpose `play`: 9202).
 */
export class DemoService {
  constructor(private readonly d: DemoDeps) {}

  async info(): Promise<DemoInfo> {
    const s = await this.d.settings.get();
    const venues = await this.#venues(s.demoVenueCodes);
    return {
      enabled: await this.#enabled(s.demoEnabled),
      sessionMinutes: s.demoSessionMinutes,
      playAmount: DEMO_PLAY_AMOUNT,
      venues: venues.map((v) => ({ code: v.code, family: v.family, name: v.name })),
    };
  }

  async launch(memberId: number | null, req: DemoLaunchRequest): Promise<DemoLaunchResult> {
    const venue = await this.#gate(memberId, req.venueCode);
    const now = this.d.clock.now();
    const held = req.demoToken ? await this.#session(memberId, req.demoToken) : null;
    let demoToken = req.demoToken ?? '';
    let session = held;
    if (!session) {
      const fresh = newToken();
      demoToken = `${DEMO_TOKEN_PREFIX}${fresh.token}`;
      const minutes = (await this.d.settings.get()).demoSessionMinutes;
      session = await repo.insertDemoSession(this.d.db, {
        tokenHash: tokenHash(demoToken),
        playerId: `d${randomBytes(12).toString('hex')}`,
        memberId,
        now,
        expiresAt: now + minutes * 60_000,
      });
    }
    const outcome = await this.d.merchant.call(this.#target(venue), 'launch', {
      venueCode: venue.code,
      playerId: session.playerId,
      nickname: '试玩玩家',
      preload: false,
      ...(req.gameCode && !familyNeedsDialect(venue.family) ? { gameCode: req.gameCode } : {}),
    });
    const l = this.#answer(venue, outcome);
    if (!isVenuePageUrl(l.url, venue.origin)) {
      this.d.log.error({ venue: venue.code }, 'demo launch answered a page off its pages');
      throw new AppError(ErrorCode.VenueRefused);
    }
    await repo.noteDemoVenue(this.d.db, session.id, venue.code);
    return {
      demoToken,
      expiresAt: session.expiresAt,
      venue: { code: venue.code, family: venue.family, name: venue.name },
      url: l.url,
      origin: venue.origin,
      playAmount: DEMO_PLAY_AMOUNT,
    };
  }

  async balance(memberId: number | null, req: DemoWalletRequest): Promise<DemoBalance> {
    const { venue, session } = await this.#wallet(memberId, req);
    const outcome = await this.d.merchant.call(this.#target(venue), 'balance', {
      venueCode: venue.code,
      playerId: session.playerId,
    });
    return { balance: this.#answer(venue, outcome).balance, expiresAt: session.expiresAt };
  }

  /** The demo wallet back to the play amount (the venue moves it through its own ledger). */
  async reset(memberId: number | null, req: DemoWalletRequest): Promise<DemoBalance> {
    const { venue, session } = await this.#wallet(memberId, req);
    const outcome = await this.d.merchant.call(this.#target(venue), 'demoReset', {
      venueCode: venue.code,
      playerId: session.playerId,
    });
    return { balance: this.#answer(venue, outcome).balance, expiresAt: session.expiresAt };
  }

  /**
   * Ends the sessions past their time: each venue they launched is told (`sessions/end`), so
   * the demo page stops working there too. A venue that does not answer is logged and left —
   * its own session lifetime still bounds the page. Answers how many ended.
   */
  async sweep(limit = 50): Promise<number> {
    const due = await repo.dueDemoSessions(this.d.db, this.d.clock.now(), limit);
    for (const s of due) {
      for (const code of s.venueCodes) {
        const venue = await this.d.registry.get(code);
        if (!venue) continue;
        try {
          const r = await this.d.merchant.call(this.#target(venue), 'endSessions', {
            venueCode: code,
            playerId: s.playerId,
            reason: 'logout',
          });
          if (r.kind !== 'ok') this.d.log.warn({ venue: code, r }, 'demo session not ended');
        } catch (err) {
          this.d.log.warn({ err, venue: code }, 'demo session not ended');
        }
      }
      await repo.endDemoSession(this.d.db, s.id, this.d.clock.now());
    }
    return due.length;
  }

  async #enabled(setting: boolean): Promise<boolean> {
    return setting && (await this.d.secrets.has(DEMO_MERCHANT));
  }

  async #venues(codes: readonly string[]): Promise<VenueRow[]> {
    return (await this.d.registry.all()).filter((v) => codes.includes(v.code));
  }

  /** 9700 off; 9703 a venue not open for demo; 6014/6013 maintenance; 9202 a member on a break. */
  async #gate(memberId: number | null, venueCode: string): Promise<VenueRow> {
    const s = await this.d.settings.get();
    if (!(await this.#enabled(s.demoEnabled))) throw new AppError(ErrorCode.DemoDisabled);
    const [venue] = await this.#venues(s.demoVenueCodes.filter((c) => c === venueCode));
    if (!venue) throw new AppError(ErrorCode.DemoVenueUnavailable);
    if (venue.status === 'maintenance') throw new AppError(ErrorCode.VenueMaintenance);
    if (s.venueFamiliesMaintenance.includes(venue.family))
      throw new AppError(ErrorCode.ModuleMaintenance);
    if (memberId !== null) await this.d.eligibility.assert(this.d.db, memberId, 'play');
    return venue;
  }

  /** The live session the token names for this caller (a member's is theirs alone). */
  async #session(memberId: number | null, token: string) {
    const s = await repo.findLiveDemoSession(this.d.db, tokenHash(token), this.d.clock.now());
    return s && s.memberId === memberId ? s : null;
  }

  async #wallet(memberId: number | null, req: DemoWalletRequest) {
    const venue = await this.#gate(memberId, req.venueCode);
    const session = await this.#session(memberId, req.demoToken);
    if (!session) throw new AppError(ErrorCode.DemoSessionEnded);
    if (!session.venueCodes.includes(venue.code))
      throw new AppError(ErrorCode.DemoVenueUnavailable);
    return { venue, session };
  }

  #target(v: VenueRow): MerchantTarget {
    return { code: v.code, apiUrl: v.apiUrl, merchantCode: DEMO_MERCHANT };
  }

  #answer<T>(venue: VenueRow, outcome: MerchantOutcome<T>): T {
    if (outcome.kind === 'ok') return outcome.data;
    if (outcome.kind === 'unknown') {
      this.d.log.warn({ venue: venue.code, reason: outcome.reason }, 'demo call unanswered');
      throw new AppError(ErrorCode.VenueUnreachable);
    }
    throw new AppError(ErrorCode.VenueRefused, { venueCode: outcome.code });
  }
}
