import { ErrorCode } from '@nebula/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminPage, exportAudits } from '../../test/admin-lists';
import { adminCall, adminToken } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * The operators' help-page list: paged on the server with the filtered total, filtered by
 * category and part of the slug or title; a bad filter is 10003 and exports nothing; the
 * export takes the same filters and audits them. The member site's index is unchanged.
 */
let t: TestApp;
let admin: string;
type Doc = { slug: string; title: string; category: string };
let all: Doc[];
beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  admin = await adminToken(t);
  all = await t.services.help.adminList();
});
afterAll(() => t.close());

type Page = { list: Doc[]; page: number; pageSize: number; total: number };
const list = (query: string) => adminPage<Page>(t, admin, '/admin/api/v1/help', query);
const slugs = async (query: string) => (await list(query)).list.map((d) => d.slug);
const audits = () => exportAudits(t, 'help-docs');

describe('the help-page list', () => {
  it('pages every page with the total, up to and past the last page', async () => {
    expect(all).toHaveLength(21);
    expect(await list('page=1&pageSize=10')).toMatchObject({ total: 21, pageSize: 10 });
    expect(await slugs('page=1&pageSize=10')).toEqual(all.slice(0, 10).map((d) => d.slug));
    expect(await slugs('page=3&pageSize=10')).toEqual([all[20]!.slug]);
    expect(await list('page=4&pageSize=10')).toMatchObject({ list: [], total: 21 });
  });

  it('filters by category and by part of the slug or title in any case', async () => {
    const funds = all.filter((d) => d.category === 'funds').map((d) => d.slug);
    expect(funds.length).toBeGreaterThan(0);
    expect(await slugs('category=funds&pageSize=100')).toEqual(funds);
    expect(await slugs('q=CK')).toEqual(
      all.filter((d) => d.slug.includes('ck')).map((d) => d.slug),
    );
    const word = all[3]!.title.slice(0, 2);
    expect(await slugs(`q=${encodeURIComponent(word)}&pageSize=100`)).toEqual(
      all.filter((d) => d.title.includes(word) || d.slug.includes(word)).map((d) => d.slug),
    );
    // The member site's index still lists every page.
    const index = await t.client().data<{ list: unknown[] }>('helpIndex', {});
    expect(index.list).toHaveLength(21);
  });

  it('refuses a bad filter with 10003; nothing is exported or audited', async () => {
    const before = (await audits()).length;
    for (const q of ['category=nope', `q=${'x'.repeat(41)}`, 'page=0', 'slug=kh']) {
      expect((await adminCall(t, admin, 'GET', `/admin/api/v1/help?${q}`)).status_code).toBe(
        ErrorCode.Validation,
      );
      const q2 = q === 'page=0' ? 'category=' : q;
      expect(
        (await adminCall(t, admin, 'GET', `/admin/api/v1/exports/help-docs?${q2}`)).status_code,
      ).toBe(ErrorCode.Validation);
    }
    expect(await audits()).toHaveLength(before);
  });

  it('exports what the filter shows, audited with the filters and the rows', async () => {
    const r = await t.app.inject({
      method: 'GET',
      url: '/admin/api/v1/exports/help-docs?category=funds',
      headers: { 'x-admin-token': admin },
    });
    const rows = r.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    const funds = all.filter((d) => d.category === 'funds');
    expect(rows.slice(1).map((x) => x.split(',')[0])).toEqual(funds.map((d) => d.slug));
    expect((await audits()).at(-1)).toEqual({
      filters: { category: 'funds' },
      rows: funds.length,
    });
  });
});
