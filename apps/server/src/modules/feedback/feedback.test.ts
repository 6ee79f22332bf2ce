import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, type Feedback, type MailPage } from '@nebula/protocol';
import { adminCall, adminToken, registerMember } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let op: string;
beforeAll(async () => {
  t = await createTestApp();
  op = await adminToken(t, 'moderator');
});
afterAll(() => t.close());

const good = { category: 'suggestion', content: '希望增加更多篮球比赛的盘口，谢谢。' };

describe('feedback', () => {
  it('a member sends multi-line feedback and sees it with its status', async () => {
    const m = await registerMember(t);
    const sent = await m.client.data<Feedback>('feedbackSubmit', {
      token: m.token,
      body: { ...good, content: '第一行问题描述\r\n第二行补充说明', contact: 'QQ 12345' },
    });
    expect(sent).toMatchObject({ status: 'pending', reply: null, contact: 'QQ 12345' });
    expect(sent.content).toBe('第一行问题描述\n第二行补充说明');
    const mine = await m.client.data<{ list: Feedback[] }>('feedbackList', { token: m.token });
    expect(mine.list.map((f) => f.id)).toEqual([sent.id]);
  });

  it('length counts a Chinese character as 2 (contract §8.4): 10 to 1000', async () => {
    const m = await registerMember(t);
    const call = (content: string) =>
      m.client.call('feedbackSubmit', { token: m.token, body: { ...good, content } });
    expect((await call('短短')).status_code).toBe(ErrorCode.Validation); // 4
    expect((await call('五个汉字啊')).status_code).toBe(6000); // 10
    expect((await call('字'.repeat(501))).status_code).toBe(ErrorCode.Validation); // 1002
    expect((await call('a'.repeat(1000))).status_code).toBe(6000);
    expect(
      (
        await m.client.call('feedbackSubmit', {
          token: m.token,
          body: { ...good, category: 'nonsense' },
        })
      ).status_code,
    ).toBe(ErrorCode.Validation);
  });

  it('past feedbackPerHour a member gets 9320 with retryAt and nothing is stored; an hour later it works', async () => {
    await t.services.settings.update({ feedbackPerHour: 2 });
    try {
      const m = await registerMember(t);
      for (let i = 0; i < 2; i += 1)
        await m.client.data('feedbackSubmit', { token: m.token, body: good });
      const refused = await m.client.call<{ retryAt: number }>('feedbackSubmit', {
        token: m.token,
        body: good,
      });
      expect(refused.status_code).toBe(ErrorCode.FeedbackTooFrequent);
      expect(refused.data.retryAt).toBeGreaterThan(t.clock.now());
      const mine = await m.client.data<{ total: number }>('feedbackList', { token: m.token });
      expect(mine.total).toBe(2);
      // Another member is not limited by this one.
      const other = await registerMember(t);
      expect(
        (await other.client.call('feedbackSubmit', { token: other.token, body: good })).status_code,
      ).toBe(6000);
      t.clock.advance(3600_000 + 1000);
      expect(
        (await m.client.call('feedbackSubmit', { token: m.token, body: good })).status_code,
      ).toBe(6000);
    } finally {
      await t.services.settings.update({ feedbackPerHour: 5 });
    }
  });

  it('parallel submits cannot pass the limit together (counted under the member’s row lock)', async () => {
    await t.services.settings.update({ feedbackPerHour: 2 });
    try {
      const m = await registerMember(t);
      const answers = await Promise.all(
        Array.from({ length: 6 }, () =>
          m.client.call('feedbackSubmit', { token: m.token, body: good }),
        ),
      );
      expect(answers.filter((a) => a.status_code === 6000)).toHaveLength(2);
      expect(answers.filter((a) => a.status_code === ErrorCode.FeedbackTooFrequent)).toHaveLength(
        4,
      );
    } finally {
      await t.services.settings.update({ feedbackPerHour: 5 });
    }
  });

  it('operators list and reply (audited); the member sees the reply and gets mail; closed takes no more', async () => {
    const m = await registerMember(t);
    const f = await m.client.data<Feedback>('feedbackSubmit', { token: m.token, body: good });
    const pending = await adminCall<{ list: { id: number; userName: string }[] }>(
      t,
      op,
      'GET',
      '/admin/api/v1/feedback?status=pending',
    );
    expect(pending.data.list.find((x) => x.id === f.id)?.userName).toBe(m.userName);
    const replied = await adminCall<{ status: string; repliedBy: string }>(
      t,
      op,
      'POST',
      `/admin/api/v1/feedback/${f.id}/reply`,
      { reply: '感谢建议，我们会增加篮球盘口。', status: 'closed' },
    );
    expect(replied.data.status).toBe('closed');
    const mine = await m.client.data<{ list: Feedback[] }>('feedbackList', { token: m.token });
    expect(mine.list[0]).toMatchObject({
      status: 'closed',
      reply: '感谢建议，我们会增加篮球盘口。',
    });
    const mail = await m.client.data<MailPage>('mailList', { token: m.token });
    expect(mail.list[0]?.body).toContain('感谢建议');
    expect(mail.unread).toBe(1);
    const again = await adminCall(t, op, 'POST', `/admin/api/v1/feedback/${f.id}/reply`, {
      reply: '再次回复',
    });
    expect(again.status_code).toBe(ErrorCode.FeedbackClosed);
    const missing = await adminCall(t, op, 'POST', '/admin/api/v1/feedback/99999999/reply', {
      reply: 'x',
    });
    expect(missing.status_code).toBe(ErrorCode.FeedbackNotFound);
    const audit = await adminCall<{ list: { action: string; target: string }[] }>(
      t,
      await adminToken(t),
      'GET',
      '/admin/api/v1/audit',
    );
    expect(audit.data.list.map((e) => `${e.action} ${e.target}`)).toContain(
      `feedback.reply feedback:${f.id}`,
    );
  });
});
