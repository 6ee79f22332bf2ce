import type { Db } from '@nebula/db';
import type { Clock } from '../../lib/clock';
import type { EligibilityService } from '../play-break/eligibility.service';
import type { GrantService } from '../rewards/grant.service';
import { sqlActivitySource } from './flip-friends-activity.repository';
import type { ActivityService } from './activity.service';
import type { ActivitySource } from './flip-friends.activity-source';
import { InvitationService } from './invitation.service';
import { LuckyFlipService } from './lucky-flip.service';
import { PeakBetService } from './peak-bet.service';

export interface FlipFriendsServices {
  luckyFlip: LuckyFlipService;
  invitation: InvitationService;
  peakBet: PeakBetService;
  /** The friend jobs (idempotent): pays qualified invitations and closed peak-bet windows. */
  runFriendJobs(): Promise<{ invitations: number; peakBets: number }>;
}

export function createFlipFriendsServices(d: {
  db: Db;
  clock: Clock;
  eligibility: EligibilityService;
  grants: GrantService;
  /** The activities framework: its gate (dates, eligibility, VIP minimum) guards every action. */
  framework: ActivityService;
  activities?: ActivitySource;
}): FlipFriendsServices {
  const deps = { ...d, activities: d.activities ?? sqlActivitySource };
  const luckyFlip = new LuckyFlipService(deps);
  const invitation = new InvitationService(deps);
  const peakBet = new PeakBetService(deps);
  return {
    luckyFlip,
    invitation,
    peakBet,
    async runFriendJobs() {
      return { invitations: await invitation.runDue(), peakBets: await peakBet.runDue() };
    },
  };
}
