import type { Queryable } from '@nebula/db';
import type { Eligibility } from '@nebula/protocol';
import type { EligibilityService } from '../play-break/eligibility.service';

/** The reward gate's answer as the pages show it, read on the caller's connection. */
export async function rewardStanding(
  eligibility: EligibilityService,
  q: Queryable,
  memberId: number,
): Promise<Eligibility> {
  const v = await eligibility.check(q, memberId, 'reward');
  return v.eligible
    ? { eligible: true, reason: null, endsAt: null }
    : { eligible: false, reason: v.reason, endsAt: v.endsAt };
}
