import { LIMITS_REVIEW_DAYS, type LimitsReview } from '@nebula/protocol';
import type { Db } from '@nebula/db';
import type { Clock } from '../../lib/clock';
import type { MemberService } from '../member/member.service';
import * as repo from './rg-prefs.repository';

/**
 * The reminder to review one's limits (contract §5): due when the member has not reviewed them
 * for LIMITS_REVIEW_DAYS (about 6 months), counted from registration before the first review.
 * The member site asks after login and shows a notice; answering it records the review.
 */
export class LimitsReviewService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly members: MemberService,
  ) {}

  async status(memberId: number): Promise<LimitsReview> {
    const prefs = await repo.readPrefs(this.db, memberId);
    const facts = (await this.members.audienceFacts(this.db, [memberId])).get(memberId);
    const since = prefs.limitsReviewedAt ?? facts?.registeredAt ?? this.clock.now();
    return {
      due: this.clock.now() - since >= LIMITS_REVIEW_DAYS * 86_400_000,
      reviewedAt: prefs.limitsReviewedAt,
    };
  }

  async reviewed(memberId: number): Promise<LimitsReview> {
    await repo.writeLimitsReviewed(this.db, memberId, this.clock.now());
    return this.status(memberId);
  }
}
