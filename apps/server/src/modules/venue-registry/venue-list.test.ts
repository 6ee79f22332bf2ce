import { ErrorCode } from '@nebula/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoVenues } from '../../seed/demo-seed';
import { adminPage, exportAudits } from '../../test/admin-lists';
import { adminCall, adminToken } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * The venue registry's list for operators: paged on the server with the filtered total and
 * the whole registry's order (what a reorder sends); filtered by family, state and part of
 * the code or name; a bad filter is 10003 and exports nothing; the export takes the same
 * filters and audits them.
 */
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  admin = await adminToken(t);
  await seedDemoVenues(t.db, { origin: 'https://venue.test', apiUrl: 'https://venue.test' });
  await t.services.venues.reload();
  const r = await adminCall(t, admin, 'POST', '/admin/api/v1/venues/YBDJ', {
    status: 'maintenance',
  });
  expect(r.status_code).toBe(ErrorCode.Success);
});
afterAll(() => t.close());

type Page = { list: { code: string }[]; page: number; total: number; order: string[] };
const list = (query: string) => adminPage<Page>(t, admin, '/admin/api/v1/venues', query);
const codes = async (query: string) => (await list(query)).list.map((v) => v.code);
const audits = () => exportAudits(t, 'venues');

describe('the venue registry list', () => {
  it('pages in the registry order with the total, up to and past the last page', async () => {
    const whole = await list('pageSize=100');
    expect(whole.total).toBe(10);
    expect(whole.list.map((v) => v.code)).toEqual(whole.order);
    const p1 = await list('page=1&pageSize=4');
    expect(p1).toMatchObject({ page: 1, total: 10, order: whole.order });
    expect(p1.list.map((v) => v.code)).toEqual(whole.order.slice(0, 4));
    expect(await codes('page=3&pageSize=4')).toEqual(whole.order.slice(8));
    expect(await list('page=4&pageSize=4')).toMatchObject({ list: [], total: 10 });
  });

  it('filters by family, by state, by part of the code or name in any case', async () => {
    expect(await codes('family=DJ')).toEqual(['IMDJ', 'YBDJ', 'LHDJ']);
    expect(await codes('status=maintenance')).toEqual(['YBDJ']);
    expect(await codes('family=DJ&status=open')).toEqual(['IMDJ', 'LHDJ']);
    expect(await codes('q=imd')).toEqual(['IMDJ']);
    expect(await codes(`q=${encodeURIComponent('星云体育')}&pageSize=2`)).toEqual(['IMTY', 'YBTY']);
    expect((await list(`q=${encodeURIComponent('星云体育')}&pageSize=2`)).total).toBe(4);
    // The filter narrows the page, never the order a reorder sends.
    expect((await list('family=CP')).order).toHaveLength(10);
  });

  it('refuses a bad filter with 10003; nothing is exported or audited', async () => {
    const before = (await audits()).length;
    for (const q of ['family=XX', 'status=closed', `q=${'x'.repeat(41)}`, 'sort=1']) {
      const r = await adminCall(t, admin, 'GET', `/admin/api/v1/venues?${q}`);
      expect(r.status_code).toBe(ErrorCode.Validation);
      const e = await adminCall(t, admin, 'GET', `/admin/api/v1/exports/venues?${q}`);
      expect(e.status_code).toBe(ErrorCode.Validation);
    }
    expect(await audits()).toHaveLength(before);
  });

  it('exports what the filter shows, audited with the filters and the rows', async () => {
    const r = await t.app.inject({
      method: 'GET',
      url: '/admin/api/v1/exports/venues?family=DJ&status=open',
      headers: { 'x-admin-token': admin },
    });
    expect(r.statusCode).toBe(200);
    const rows = r.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(rows.slice(1).map((x) => x.split(',').slice(0, 4).join(','))).toEqual([
      'IMDJ,IM电竞,DJ,open',
      'LHDJ,雷火电竞,DJ,open',
    ]);
    expect((await audits()).at(-1)).toEqual({
      filters: { family: 'DJ', status: 'open' },
      rows: 2,
    });
  });
});
