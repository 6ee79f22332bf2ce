import { ErrorCode } from '@nebula/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminPage, exportAudits } from '../../test/admin-lists';
import { adminCall, adminToken, uniqueName } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { insertRole } from './roles.repository';

/**
 * The roles list: paged on the server in id order with the filtered total, filtered by part
 * of the name and by a permission (a superuser role holds every one); a bad filter is 10003
 * and exports nothing; the export takes the same filters, audits them and reads keyset pages.
 */
let t: TestApp;
let admin: string;
const tag = uniqueName('R').slice(0, 8);
const names = [`${tag}_财务甲`, `${tag}_财务乙`, `${tag}客服`];
const ids: number[] = [];
beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  admin = await adminToken(t);
  for (const [i, name] of names.entries()) {
    const permissions = i < 2 ? ['wallet.adjust', 'member.read'] : ['chat.moderate'];
    ids.push(await insertRole(t.db, name, permissions));
  }
});
afterAll(() => t.close());

type Page = { list: { id: number; name: string; superuser: boolean }[]; total: number };
const list = (query: string) => adminPage<Page>(t, admin, '/admin/api/v1/roles', query);
const shown = async (query: string) => (await list(query)).list.map((r) => r.name);
const audits = () => exportAudits(t, 'roles');

describe('the roles list', () => {
  it('pages in id order with the filtered total, up to and past the last page', async () => {
    const q = `q=${tag}`;
    expect(await list(`${q}&page=1&pageSize=2`)).toMatchObject({ total: 3 });
    expect(await shown(`${q}&page=1&pageSize=2`)).toEqual(names.slice(0, 2));
    expect(await shown(`${q}&page=2&pageSize=2`)).toEqual([names[2]]);
    expect(await list(`${q}&page=3&pageSize=2`)).toMatchObject({ list: [], total: 3 });
    const all = await list('pageSize=100');
    expect(all.list.map((r) => r.id)).toEqual([...all.list.map((r) => r.id)].sort((a, b) => a - b));
  });

  it('filters by part of the name (any case, `_` a character) and by a permission', async () => {
    expect(await shown(`q=${tag.toLowerCase()}_`)).toEqual(names.slice(0, 2));
    expect(await shown(`q=${encodeURIComponent('客服')}&permission=chat.moderate`)).toContain(
      names[2],
    );
    const adjusters = await list('permission=wallet.adjust&pageSize=100');
    expect(adjusters.list.filter((r) => r.name.startsWith(tag)).map((r) => r.name)).toEqual(
      names.slice(0, 2),
    );
    // The superuser role holds the permission without listing it.
    expect(adjusters.list.some((r) => r.superuser)).toBe(true);
  });

  it('refuses a bad filter with 10003; nothing is exported or audited', async () => {
    const before = (await audits()).length;
    for (const q of ['permission=wallet.steal', `q=${'x'.repeat(33)}`, 'superuser=true']) {
      expect((await adminCall(t, admin, 'GET', `/admin/api/v1/roles?${q}`)).status_code).toBe(
        ErrorCode.Validation,
      );
      expect(
        (await adminCall(t, admin, 'GET', `/admin/api/v1/exports/roles?${q}`)).status_code,
      ).toBe(ErrorCode.Validation);
    }
    expect(await audits()).toHaveLength(before);
  });

  it('exports what the filter shows, audited; keyset pages neither skip nor repeat', async () => {
    const r = await t.app.inject({
      method: 'GET',
      url: `/admin/api/v1/exports/roles?q=${tag}&permission=wallet.adjust`,
      headers: { 'x-admin-token': admin },
    });
    const rows = r.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(rows.slice(1).map((x) => x.split(',').slice(0, 3).join(','))).toEqual([
      `${ids[0]},${names[0]},否`,
      `${ids[1]},${names[1]},否`,
    ]);
    expect((await audits()).at(-1)).toEqual({
      filters: { q: tag, permission: 'wallet.adjust' },
      rows: 2,
    });
    const src = t.services.roles.rolesExportSource({ q: tag });
    const a = await src.page(src.first, 2);
    const b = await src.page(src.keyOf(a.at(-1)!), 2);
    expect([...a, ...b].map((x) => x.id)).toEqual(ids);
  });
});
