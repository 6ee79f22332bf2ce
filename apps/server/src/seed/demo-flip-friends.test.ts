import { activityRuleSchemas } from '@nebula/protocol';
import { describe, expect, it } from 'vitest';
import { demoFlipFriendsActivities } from './demo-flip-friends';

describe('demo 幸运翻牌 and friend activities', () => {
  it('one per kind, each rule accepted by its kind’s schema', () => {
    const list = demoFlipFriendsActivities(Date.UTC(2026, 0, 1));
    expect(list.map((a) => a.kind)).toEqual(['luckyFlip', 'friendInvite', 'friendPeakBet']);
    for (const a of list) expect(activityRuleSchemas[a.kind].safeParse(a.rule).success).toBe(true);
  });
});
