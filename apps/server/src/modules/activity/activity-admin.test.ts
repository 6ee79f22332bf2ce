import {
  ErrorCode,
  type AdminActivity,
  type AdminActivityPage,
  type MemberActivityList,
} from '@nebula/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { adminCall, adminToken, registerMember } from '../../test/factories';
import { seedDemoActivities } from '../../seed/demo-activities';
import { activityInput, createActivity, DAY_MS, depositRule } from './activity.test-kit';

/**
 * Operators' activities (contract §5 Activities): bad dates, rates, caps and multiples are
 * refused with a code and change nothing; every change is audited; an ended activity is not
 * edited; drafts are not shown to members.
 */
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  admin = await adminToken(t, 'finance');
});
afterAll(() => t.close());

const post = <T>(url: string, body: unknown) => adminCall<T>(t, admin, 'POST', url, body);
const count = async () =>
  (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM activities')).rows[0]!.n;
const audits = async (target: string) =>
  (
    await t.db.query<{ action: string }>(
      'SELECT action FROM audit_log WHERE target = $1 ORDER BY id',
      [target],
    )
  ).rows.map((r) => r.action);

describe('operator activities: bad input', () => {
  it('refuses bad dates, rates, caps and multiples; nothing is written', async () => {
    const before = await count();
    const now = t.clock.now();
    const cases: [Record<string, unknown>, number][] = [
      [{ startsAt: now, endsAt: now }, ErrorCode.ActivityDatesInvalid],
      [{ startsAt: now, endsAt: now - DAY_MS }, ErrorCode.ActivityDatesInvalid],
      [{ rule: { ...depositRule, turnoverMultiple: 11 } }, ErrorCode.ActivityRuleInvalid],
      [{ rule: { ...depositRule, percentBp: 0 } }, ErrorCode.ActivityRuleInvalid],
      [{ rule: { ...depositRule, percentBp: 10001 } }, ErrorCode.ActivityRuleInvalid],
      [{ rule: { ...depositRule, percentBp: 12.5 } }, ErrorCode.ActivityRuleInvalid],
      [{ rule: { ...depositRule, cap: '-1' } }, ErrorCode.ActivityRuleInvalid],
      [{ rule: { ...depositRule, cap: '1.001' } }, ErrorCode.ActivityRuleInvalid],
      [{ rule: { ...depositRule, extra: 1 } }, ErrorCode.ActivityRuleInvalid],
      [{ rule: {} }, ErrorCode.ActivityRuleInvalid],
      [{ kind: 'checkin', rule: depositRule }, ErrorCode.ActivityRuleInvalid],
      [{ kind: 'luckyFlip', rule: { any: 1 } }, ErrorCode.ActivityRuleInvalid],
      [{ kind: 'nope' }, ErrorCode.Validation],
      [{ title: '' }, ErrorCode.Validation],
      [{ pictureUrl: 'javascript:alert(1)' }, ErrorCode.Validation],
      [{ eligibility: { requireRealName: false, minVipLevel: 11 } }, ErrorCode.Validation],
    ];
    for (const [over, code] of cases) {
      const r = await post('/admin/api/v1/activities', {
        ...activityInput(t, 'firstDeposit'),
        ...over,
      });
      expect(r.status_code, JSON.stringify(over)).toBe(code);
    }
    const checkin = activityInput(t, 'checkin');
    const bad = await post('/admin/api/v1/activities', {
      ...checkin,
      rule: { minDaily: '10.00', rewards: [{ days: 2, amount: '1.00' }], turnoverMultiple: 1 },
    });
    expect(bad.status_code).toBe(ErrorCode.ActivityRuleInvalid);
    expect(await count()).toBe(before);
  });

  it('create, update, end: audited; an ended activity is not edited', async () => {
    const a = await createActivity(t, 'redeposit');
    const { kind: _kind, ...fields } = activityInput(t, 'redeposit');
    const up = await post<AdminActivity>(`/admin/api/v1/activities/${a.id}`, {
      ...fields,
      title: '改名',
    });
    expect(up.data.title).toBe('改名');
    const badUp = await post(`/admin/api/v1/activities/${a.id}`, {
      ...fields,
      rule: { ...depositRule, turnoverMultiple: 20 },
    });
    expect(badUp.status_code).toBe(ErrorCode.ActivityRuleInvalid);
    const ended = await post<AdminActivity>(`/admin/api/v1/activities/${a.id}/end`, {});
    expect(ended.data).toMatchObject({ status: 'ended', phase: 'ended' });
    expect((await post(`/admin/api/v1/activities/${a.id}/end`, {})).status_code).toBe(
      ErrorCode.ActivityClosed,
    );
    expect((await post(`/admin/api/v1/activities/${a.id}`, fields)).status_code).toBe(
      ErrorCode.ActivityClosed,
    );
    expect((await post('/admin/api/v1/activities/999999/end', {})).status_code).toBe(
      ErrorCode.ActivityNotFound,
    );
    expect(await audits(`activity:${a.id}`)).toEqual([
      'activity.create',
      'activity.update',
      'activity.end',
    ]);
    const page = await adminCall<AdminActivityPage>(
      t,
      admin,
      'GET',
      '/admin/api/v1/activities?kind=redeposit',
    );
    expect(page.data.list.map((x) => x.id)).toContain(a.id);
  });

  it('a moderator may not define activities', async () => {
    const mod = await adminToken(t, 'moderator');
    const r = await adminCall(
      t,
      mod,
      'POST',
      '/admin/api/v1/activities',
      activityInput(t, 'checkin'),
    );
    expect(r.status_code).not.toBe(6000);
  });

  it('members and visitors see active activities, never drafts or ended ones', async () => {
    const live = await createActivity(t, 'checkin');
    const draft = await createActivity(t, 'checkin', { status: 'draft' });
    const visitor = await t.client().data<MemberActivityList>('activityList', {});
    const ids = visitor.list.map((x) => x.id);
    expect(ids).toContain(live.id);
    expect(ids).not.toContain(draft.id);
    expect(visitor.list.find((x) => x.id === live.id)?.me).toBeNull();
    const m = await registerMember(t);
    const detail = await m.client.call('activityDetail', {
      token: m.token,
      params: { activityId: draft.id },
    });
    expect(detail.status_code).toBe(ErrorCode.ActivityNotFound);
  });

  it('the demo seed adds one 首存, one 续存 and one 签到, once', async () => {
    const now = t.clock.now();
    expect(await seedDemoActivities(t.db, t.services.activityAdmin, now)).toBe(true);
    expect(await seedDemoActivities(t.db, t.services.activityAdmin, now)).toBe(false);
    const list = await t.client().data<MemberActivityList>('activityList', {});
    const kinds = list.list.filter(
      (a) => a.title.includes('首存') || a.title.includes('续存') || a.title.includes('签到'),
    );
    expect(new Set(kinds.map((a) => a.kind))).toEqual(
      new Set(['firstDeposit', 'redeposit', 'checkin']),
    );
  });
});
