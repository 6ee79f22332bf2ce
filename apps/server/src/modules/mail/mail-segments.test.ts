import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, type AdminMail, type MailPage } from '@nebula/protocol';
import { adminCall, adminToken, registerMember, type Member } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * Mail segments (contract §5 Mail): a VIP range, registration days, logged in within N days,
 * or an explicit list of accounts, resolved to members in SQL when sent; the preview counts the
 * same members first; a backwards range or an unknown account sends nothing.
 */
let t: TestApp;
let op: string;
beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  op = await adminToken(t, 'moderator');
});
afterAll(() => t.close());

const DAY = 86_400_000;
const send = (audience: unknown, title = '分群通知') =>
  adminCall<AdminMail>(t, op, 'POST', '/admin/api/v1/mail', { title, body: '内容', audience });
const preview = (audience: unknown) =>
  adminCall<{ recipients: number }>(t, op, 'POST', '/admin/api/v1/mail/audience-count', {
    audience,
  });
const titles = async (m: Member) =>
  (await m.client.data<MailPage>('mailList', { token: m.token })).list.map((x) => x.title);
const mails = async () =>
  (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM mails')).rows[0]!.n;
async function member(vip: number, lastLoginDaysAgo: number | null = null): Promise<Member> {
  const m = await registerMember(t);
  await t.db.query('UPDATE members SET vip_level = $2, last_login_at = $3 WHERE id = $1', [
    m.memberId,
    vip,
    lastLoginDaysAgo === null ? null : new Date(t.clock.now() - lastLoginDaysAgo * DAY),
  ]);
  return m;
}

describe('mail segments', () => {
  it('a VIP range: previewed, then resolved when sent — a later upgrade does not join it', async () => {
    const [low, mid, high] = [await member(40), await member(42), await member(45)];
    t.clock.advance(1000);
    const audience = { kind: 'segment', vipMin: 41, vipMax: 44 };
    expect((await preview(audience)).data).toEqual({ recipients: 1 });
    const sent = await send(audience, 'VIP41-44');
    expect(sent.status_code).toBe(ErrorCode.Success);
    expect(sent.data).toMatchObject({ recipients: 1, audience });
    await t.db.query('UPDATE members SET vip_level = 43 WHERE id = ANY($1)', [
      [low.memberId, mid.memberId],
    ]);
    expect(await titles(mid)).toContain('VIP41-44');
    expect(await titles(low)).not.toContain('VIP41-44');
    expect(await titles(high)).not.toContain('VIP41-44');
    const audit = await t.db.query<{ after: { recipients: number } }>(
      `SELECT after FROM audit_log WHERE action = 'mail.send' AND target = $1`,
      [`mail:${sent.data.id}`],
    );
    expect(audit.rows[0]?.after.recipients).toBe(1);
  });

  it('logged in within N days (with a VIP range)', async () => {
    const recent = await member(50, 2);
    const old = await member(50, 40);
    const never = await member(50, null);
    t.clock.advance(1000);
    const audience = { kind: 'segment', vipMin: 50, vipMax: 50, activeWithinDays: 7 };
    expect((await preview(audience)).data.recipients).toBe(1);
    expect((await send(audience, '近 7 天活跃')).data.recipients).toBe(1);
    expect(await titles(recent)).toContain('近 7 天活跃');
    expect(await titles(old)).not.toContain('近 7 天活跃');
    expect(await titles(never)).not.toContain('近 7 天活跃');
  });

  it('registration days (Shanghai, inclusive) with last login', async () => {
    const m = await member(60, 1);
    const r = await t.db.query<{ day: string }>(
      "SELECT to_char(registered_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD') AS day FROM members WHERE id = $1",
      [m.memberId],
    );
    const day = r.rows[0]!.day;
    t.clock.advance(1000);
    const audience = {
      kind: 'segment',
      vipMin: 60,
      registeredFrom: day,
      registeredTo: day,
      activeWithinDays: 3,
    };
    expect((await preview(audience)).data.recipients).toBe(1);
    expect((await send(audience, '当天注册且活跃')).status_code).toBe(ErrorCode.Success);
    expect(await titles(m)).toContain('当天注册且活跃');
  });

  it('an explicit list: any case, repeats once; an unknown account sends nothing (9311)', async () => {
    const [a, b, c] = [await member(0), await member(0), await member(0)];
    t.clock.advance(1000);
    const names = [a.userName.toUpperCase(), b.userName, a.userName];
    expect((await preview({ kind: 'list', userNames: names })).data.recipients).toBe(2);
    const sent = await send({ kind: 'list', userNames: names }, '名单通知');
    expect(sent.data).toMatchObject({ recipients: 2, audience: { kind: 'list' } });
    expect(await titles(a)).toContain('名单通知');
    expect(await titles(b)).toContain('名单通知');
    expect(await titles(c)).not.toContain('名单通知');
    const before = await mails();
    const unknown = await send({ kind: 'list', userNames: [c.userName, 'nobody_here_x'] });
    expect(unknown).toMatchObject({
      status_code: ErrorCode.MailMemberNotFound,
      data: { unknown: ['nobody_here_x'] },
    });
    expect((await preview({ kind: 'list', userNames: ['nobody_here_x'] })).status_code).toBe(
      ErrorCode.MailMemberNotFound,
    );
    expect(await mails()).toBe(before);
    expect(await titles(c)).toEqual([]);
  });

  it('an empty segment is previewed as 0 and refused on send (9776), nothing stored', async () => {
    const audience = { kind: 'segment', vipMin: 99 };
    expect((await preview(audience)).data).toEqual({ recipients: 0 });
    const before = await mails();
    expect((await send(audience)).status_code).toBe(ErrorCode.MailAudienceEmpty);
    expect(await mails()).toBe(before);
    const rows = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM mail_recipients');
    const again = await send(audience);
    expect(again.status_code).toBe(ErrorCode.MailAudienceEmpty);
    expect(
      (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM mail_recipients')).rows,
    ).toEqual(rows.rows);
  });

  it('bad input: backwards ranges are 9312, malformed ones 10003; nothing is sent', async () => {
    const before = await mails();
    const bad: [unknown, number][] = [
      [{ kind: 'segment', vipMin: 5, vipMax: 1 }, ErrorCode.MailAudienceInvalid],
      [
        { kind: 'segment', registeredFrom: '2026-02-01', registeredTo: '2026-01-01' },
        ErrorCode.MailAudienceInvalid,
      ],
      [{ kind: 'segment', activeWithinDays: 0 }, ErrorCode.Validation],
      [{ kind: 'segment', registeredFrom: '2026-13-01' }, ErrorCode.Validation],
      [{ kind: 'list', userNames: [] }, ErrorCode.Validation],
      [
        { kind: 'list', userNames: Array.from({ length: 1001 }, (_, i) => `u${i}`) },
        ErrorCode.Validation,
      ],
    ];
    for (const [audience, code] of bad) {
      expect((await send(audience)).status_code, JSON.stringify(audience)).toBe(code);
      expect((await preview(audience)).status_code, JSON.stringify(audience)).toBe(code);
    }
    const backwards = await preview({ kind: 'segment', vipMin: 5, vipMax: 1 });
    expect(backwards.data).toEqual({ field: 'vipMax' });
    expect(await mails()).toBe(before);
  });
});
