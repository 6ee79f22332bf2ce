import { ErrorCode } from '@nebula/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminPage, exportAudits } from '../../test/admin-lists';
import { adminCall, adminToken, registerMember, uniqueName } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * The real-name list on the server: the review queue by default, paged oldest first with the
 * filtered total; filtered by state, Shanghai submission days and part of the account; a bad
 * filter is a coded error that exports and audits nothing; the export takes the same filters,
 * audits them and reads keyset pages that neither skip nor repeat.
 */
let t: TestApp;
let admin: string;
const tag = uniqueName('rn').slice(0, 9);
const names = ['a', 'b', 'c', 'd'].map((x) => `${tag}${x}`);
const ids: number[] = [];
// Shanghai wall times (UTC+8) of each submission: d's is a microsecond after c's.
const submitted = [
  '2026-03-01T00:30:00+08:00',
  '2026-03-02T23:59:59.999+08:00',
  '2026-03-03T00:00:00.000001+08:00',
  '2026-03-03T00:00:00.000002+08:00',
];
beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  admin = await adminToken(t);
  for (const [i, userName] of names.entries()) {
    const m = await registerMember(t, t.client(), { userName });
    ids.push(m.memberId);
    await m.client.data('realNameSubmit', {
      token: m.token,
      body: { realName: `王小${'甲乙丙丁'[i]}` },
    });
    await t.db.query('UPDATE member_real_names SET submitted_at = $2 WHERE member_id = $1', [
      m.memberId,
      submitted[i],
    ]);
  }
});
afterAll(() => t.close());

type Row = { memberId: number; userName: string; status: string; reviewedBy: string | null };
type Page = { list: Row[]; page: number; pageSize: number; total: number };
const list = (query: string) => adminPage<Page>(t, admin, '/admin/api/v1/realName/pending', query);
const exportOf = (query: string) =>
  t.app.inject({
    method: 'GET',
    url: `/admin/api/v1/exports/real-name-pending?${query}`,
    headers: { 'x-admin-token': admin },
  });
const audits = () => exportAudits(t, 'real-name-pending');

describe('the real-name list', () => {
  it('pages the queue oldest first with the filtered total, up to and past the last page', async () => {
    const q = `q=${tag}&pageSize=3`;
    const p1 = await list(`${q}&page=1`);
    expect(p1).toMatchObject({ page: 1, pageSize: 3, total: 4 });
    expect(p1.list.map((r) => r.userName)).toEqual(names.slice(0, 3));
    expect((await list(`${q}&page=2`)).list.map((r) => r.userName)).toEqual([names[3]]);
    expect(await list(`${q}&page=3`)).toMatchObject({ list: [], total: 4 });
    expect((await list(`q=${tag}`)).pageSize).toBe(20);
  });

  it('filters by Shanghai days (both included), by part of the account in any case', async () => {
    const only = (p: Page) => p.list.map((r) => r.userName);
    expect(only(await list(`q=${tag}&from=2026-03-01&to=2026-03-02`))).toEqual(names.slice(0, 2));
    expect(only(await list(`q=${tag}&from=2026-03-03`))).toEqual(names.slice(2));
    expect(only(await list(`q=${tag}&to=2026-02-28`))).toEqual([]);
    expect(only(await list(`q=${names[1]!.toUpperCase()}`))).toEqual([names[1]]);
    // A `_` is a character to find, not a wildcard.
    expect((await list(`q=${tag.slice(0, 3)}_`)).total).toBe(0);
  });

  it('filters by state: the decided ones leave the queue and show who decided', async () => {
    const op = await adminToken(t, 'admin', { userName: `${tag}op` });
    await adminCall(t, op, 'POST', `/admin/api/v1/realName/${ids[0]}/review`, { approve: true });
    await adminCall(t, op, 'POST', `/admin/api/v1/realName/${ids[1]}/review`, {
      approve: false,
      reason: '证件不符',
    });
    const approved = await list(`q=${tag}&status=approved`);
    expect(approved.list).toMatchObject([
      { memberId: ids[0], status: 'approved', reviewedBy: `${tag}op` },
    ]);
    expect((await list(`q=${tag}&status=rejected`)).list.map((r) => r.memberId)).toEqual([ids[1]]);
    expect((await list(`q=${tag}`)).list.map((r) => r.memberId)).toEqual(ids.slice(2));
  });

  it('refuses a bad filter with its code; nothing is exported or audited', async () => {
    const before = (await audits()).length;
    for (const [query, code] of [
      ['status=none', ErrorCode.Validation],
      ['from=2026-02-30', ErrorCode.Validation],
      ['pageSize=101', ErrorCode.Validation],
      ['colour=red', ErrorCode.Validation],
      ['from=2026-03-03&to=2026-03-01', ErrorCode.ListDateRangeInvalid],
    ] as const) {
      const r = await adminCall(t, admin, 'GET', `/admin/api/v1/realName/pending?${query}`);
      expect(r.status_code).toBe(code);
      const e = await exportOf(query);
      expect(e.json<{ status_code: number }>().status_code).toBe(code);
    }
    expect(await audits()).toHaveLength(before);
  });

  it('exports what the filter shows, audited with the filters and the rows', async () => {
    const r = await exportOf(`q=${tag}&from=2026-03-02`);
    expect(r.statusCode).toBe(200);
    const rows = r.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(rows[0]).toBe('会员ID,账号,姓名,提交时间,状态,驳回原因,审核人,审核时间');
    expect(rows.slice(1).map((x) => x.split(',').slice(0, 3).join(','))).toEqual([
      `${ids[2]},${names[2]},王小丙`,
      `${ids[3]},${names[3]},王小丁`,
    ]);
    expect((await audits()).at(-1)).toEqual({
      filters: { status: 'pending', q: tag, from: '2026-03-02' },
      rows: 2,
    });
    const rejected = (await exportOf(`q=${tag}&status=rejected`)).body.trim().split('\r\n');
    expect(rejected[1]).toContain(
      `,${names[1]},王小乙,2026-03-02T15:59:59.999Z,rejected,证件不符,`,
    );
  });

  it('keyset pages of one row neither skip nor repeat submissions a microsecond apart', async () => {
    const src = t.services.admin.realNamesExportSource({ status: 'pending', q: tag });
    expect(await src.count()).toBe(2);
    const first = await src.page(src.first, 1);
    const second = await src.page(src.keyOf(first[0]!), 1);
    const none = await src.page(src.keyOf(second[0]!), 1);
    expect([...first, ...second, ...none].map((r) => r.memberId)).toEqual(ids.slice(2));
  });
});
