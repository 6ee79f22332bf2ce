import { ErrorCode, type LaunchRequest, type LaunchResult } from '@nebula/protocol';
import { familyNeedsDialect, frameRouteOf, isVenuePageUrl } from '@nebula/protocol/venue/registry';
import type { Db } from '@nebula/db';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../lib/errors';
import type { MemberService } from '../member/member.service';
import type { PlayGuard } from '../play-break/play-break.service';
import type { SettingsService } from '../settings/settings.service';
import { playerIdOf } from '../venue-registry/player-id';
import type { TransferService } from '../transfer/transfer.service';
import type { MerchantClient } from '../venue-registry/merchant-client';
import type { VenueRegistry, VenueRow } from '../venue-registry/venue-registry.service';

/** Why a member's venue sessions end (the merchant API's reasons). */
export type VenueEndReason = 'blocked' | 'selfExcluded' | 'logout' | 'limit';

export interface LaunchDeps {
  db: Db;
  registry: VenueRegistry;
  merchant: MerchantClient;
  settings: SettingsService;
  members: MemberService;
  /** Refuses members on a time-out or self-exclusion (contract §5). */
  play: PlayGuard;
  transfers: TransferService;
  log: FastifyBaseLogger;
  /** The platform's public origin (where the venue page sends the member back), if known. */
  publicUrl: string | undefined;
  /** A venue opened for play: play time counts from here (play-limits.service.ts). */
  onLaunched?: (memberId: number) => Promise<void>;
}

/**
 * Launch (contract §6): 6014 for a venue in maintenance, 6013 for its family, 8105 for
 * a member who may not play, 9202 for one on a time-out or self-exclusion, 9220 for one whose
 * loss, wager or time limit is reached (contract §5). With 免转 a manual launch first recalls the other venues and moves
 * the main balance in; a preload or a relaunch (counts, expiry) never moves money. The page URL
 * the venue answers must be on the origin the registry holds for it, or nothing is opened.
 */
export class LaunchService {
  /** Session ends still on their way to a venue (awaited on close, and by tests). */
  readonly #ending = new Set<Promise<void>>();

  constructor(private readonly d: LaunchDeps) {}

  async launch(memberId: number, req: LaunchRequest): Promise<LaunchResult> {
    const venue = await this.d.registry.require(req.enName);
    if (venue.status === 'maintenance') throw new AppError(ErrorCode.VenueMaintenance);
    const s = await this.d.settings.get();
    if (s.venueFamiliesMaintenance.includes(venue.family))
      throw new AppError(ErrorCode.ModuleMaintenance);
    const facts = await this.d.members.playFacts(this.d.db, memberId);
    if (!facts || facts.blocked) throw new AppError(ErrorCode.VenuePlayRestricted);
    await this.d.play.assertCanWager(this.d.db, memberId);

    const moveMoney = req.appSendMoney && req.isManualLaunch && !req.isPreload;
    const auto = moveMoney ? await this.d.transfers.autoTransfer(memberId, venue) : null;

    const frameRoute = frameRouteOf(venue.family, venue.dialect);
    const outcome = await this.d.merchant.call(this.d.registry.target(venue), 'launch', {
      venueCode: venue.code,
      playerId: playerIdOf(memberId),
      nickname: (facts.nickname || facts.userName).slice(0, 32),
      preload: req.isPreload,
      ...(req.selections?.length ? { selections: req.selections } : {}),
      // A house game venue opens the game named (contract §6); a sportsbook has no games.
      ...(req.gameCode && !familyNeedsDialect(venue.family) ? { gameCode: req.gameCode } : {}),
      ...(this.d.publicUrl && frameRoute ? { returnUrl: `${this.d.publicUrl}${frameRoute}` } : {}),
    });
    if (outcome.kind === 'unknown') {
      this.d.log.warn({ venue: venue.code, reason: outcome.reason }, 'venue launch unanswered');
      throw new AppError(ErrorCode.VenueUnreachable, { autoTransfer: auto?.transfers ?? null });
    }
    if (outcome.kind === 'refused') {
      if (outcome.code === ErrorCode.VenuePlayerBlocked)
        throw new AppError(ErrorCode.VenuePlayRestricted);
      throw new AppError(ErrorCode.VenueRefused, { venueCode: outcome.code });
    }
    const l = outcome.data;
    // A page elsewhere than the venue's pages on its registered origin is never handed over.
    if (!isVenuePageUrl(l.url, venue.origin) || !isVenuePageUrl(l.h5Url, venue.origin)) {
      this.d.log.error({ venue: venue.code }, 'venue launch answered a page off its pages');
      throw new AppError(ErrorCode.VenueRefused);
    }
    if (!req.isPreload) {
      await this.d.transfers.noteLaunch(memberId, venue.code);
      await this.d.onLaunched?.(memberId);
    }
    return {
      venueCode: venue.code,
      merchantCode: venue.merchantCode,
      frameRoute,
      url: l.url,
      h5Url: l.h5Url,
      token: l.token,
      activityUrl: l.activityUrl,
      resource: l.resource,
      apiUrl: l.apiUrl,
      session: l.session,
      autoTransfer: auto,
    };
  }

  /**
   * Ends the member's sessions at every venue they used (blocked, self-excluded, a loss, wager
   * or time limit reached, or the member left from a reality check, reason logout): their pages
   * stop working at once. A venue that does not answer is logged; the block stands anyway
   * (every platform call refuses the member, and a launch is refused).
   */
  async endSessions(memberId: number, reason: VenueEndReason): Promise<void> {
    for (const venue of await this.d.transfers.usedVenues(memberId))
      await this.#end(memberId, venue, reason);
  }

  /**
   * The member's platform session ended (contract §4: logout, logout everywhere, a password
   * change or reset, a lockout, a login elsewhere, a device block, expiry): their venue sessions
   * end too, without holding up the member's answer. The venues they used are read now; each is
   * then told in the background, all at once. A venue that does not answer is logged and left,
   * not retried: a retry could land after the member logged in again and relaunched, and end
   * that new session (the merchant call names no cutoff); the old page cannot be used while the
   * venue is down, and the venue's own session lifetime (24 h) still bounds it.
   */
  async endSessionsSoon(memberId: number): Promise<void> {
    let venues: VenueRow[];
    try {
      venues = await this.d.transfers.usedVenues(memberId);
    } catch (err) {
      this.d.log.error({ err, memberId }, 'venue sessions not ended: venues unknown');
      return;
    }
    for (const venue of venues) {
      const task = this.#end(memberId, venue, 'logout');
      this.#ending.add(task);
      void task.finally(() => this.#ending.delete(task));
    }
  }

  /** Resolves once every session end on its way to a venue arrived or failed (close, tests). */
  async settled(): Promise<void> {
    while (this.#ending.size > 0) await Promise.all(this.#ending.values());
  }

  /**
   * Tells every venue the member used what they may still lose and stake (the allowance call,
   * contract §6): the venue refuses a bet past it. A venue that does not answer is logged; the
   * platform's own gate still refuses money going in once a limit is reached.
   */
  async pushAllowance(
    memberId: number,
    a: { loss: string | null; wager: string | null; computedAt: number },
  ): Promise<void> {
    for (const venue of await this.d.transfers.usedVenues(memberId)) {
      try {
        const r = await this.d.merchant.call(this.d.registry.target(venue), 'allowance', {
          venueCode: venue.code,
          playerId: playerIdOf(memberId),
          ...a,
        });
        if (r.kind !== 'ok')
          this.d.log.warn({ venue: venue.code, memberId, r }, 'allowance not told');
      } catch (err) {
        this.d.log.warn({ err, venue: venue.code, memberId }, 'allowance not told');
      }
    }
  }

  /** One venue told; never throws (a failure is logged). */
  async #end(memberId: number, venue: VenueRow, reason: VenueEndReason): Promise<void> {
    try {
      const r = await this.d.merchant.call(this.d.registry.target(venue), 'endSessions', {
        venueCode: venue.code,
        playerId: playerIdOf(memberId),
        reason,
      });
      if (r.kind !== 'ok')
        this.d.log.error({ venue: venue.code, memberId, reason, r }, 'venue sessions not ended');
    } catch (err) {
      this.d.log.error({ err, venue: venue.code, memberId, reason }, 'venue sessions not ended');
    }
  }
}
