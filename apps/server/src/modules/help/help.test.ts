import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ErrorCode,
  HELP_SLUGS,
  displayLength,
  markdownText,
  parseMarkdown,
  placeholdersOf,
  type HelpDoc,
} from '@nebula/protocol';
import { adminCall, adminToken } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { HELP_SEED } from './help-content';
import { helpFigures } from './help-figures';

let t: TestApp;
let op: string;
beforeAll(async () => {
  t = await createTestApp();
  op = await adminToken(t, 'moderator');
});
afterAll(() => t.close());

const doc = (slug: string) => t.client().data<HelpDoc>('helpDoc', { params: { slug } });

describe('help centre: seeded pages', () => {
  it('seeds all 21 pages with real text of at least 300 characters and only known figures', async () => {
    const figures = helpFigures(await t.services.settings.get());
    expect(HELP_SEED.map((d) => d.slug)).toEqual([...HELP_SLUGS]);
    for (const seed of HELP_SEED) {
      const text = markdownText(parseMarkdown(seed.body));
      expect([...text.replace(/\s/g, '')].length, seed.slug).toBeGreaterThanOrEqual(300);
      expect(
        placeholdersOf(seed.body).filter((p) => !(p in figures)),
        seed.slug,
      ).toEqual([]);
      expect(text, seed.slug).not.toMatch(/TODO|lorem|占位|待补充|xxx/i);
    }
    const index = await t.client().data<{ list: { slug: string; summary: string }[] }>('helpIndex');
    expect(index.list.map((i) => i.slug)).toEqual([...HELP_SLUGS]);
    expect(index.list.every((i) => displayLength(i.summary) > 20)).toBe(true);
  });

  it('serves a page with the live figures filled in, and a changed setting changes it', async () => {
    const before = await doc('qk');
    expect(before.body).not.toContain('{{');
    expect(before.body).toContain('单笔最低 100 元，最高 50,000 元');
    await t.services.settings.update({ withdrawMin: '250', turnoverMultiplier: '3' });
    const after = await doc('qk');
    expect(after.body).toContain('单笔最低 250 元，最高 50,000 元');
    expect(after.body).toContain('存款金额 × 3 倍');
    // The search and index read the same live figures.
    const hits = await t
      .client()
      .data<{ list: { slug: string; snippet: string }[] }>('helpSearch', {
        query: { q: '250 元' },
      });
    expect(hits.list.map((h) => h.slug)).toContain('qk');
    await t.services.settings.update({ withdrawMin: '100', turnoverMultiplier: '1' });
  });

  it('the currency is named by the setting, never COIN', async () => {
    await t.services.settings.update({ currencyName: '星币' });
    const page = await doc('qtwt');
    expect(page.body).toContain('星币是本站的站内代币');
    expect(page.body).not.toContain('COIN');
    await t.services.settings.update({ currencyName: '金币' });
  });

  it('searches titles first, then text; an unknown slug is 10003', async () => {
    const hits = await t
      .client()
      .data<{ list: { slug: string }[] }>('helpSearch', { query: { q: '取款' } });
    expect(hits.list[0]?.slug).toBe('qk');
    expect(hits.list.length).toBeGreaterThan(3);
    const none = await t
      .client()
      .data<{ list: unknown[] }>('helpSearch', { query: { q: '完全不存在的词语' } });
    expect(none.list).toEqual([]);
    const bad = await t.client().call('helpDoc', { params: { slug: 'nope' } });
    expect(bad.status_code).toBe(ErrorCode.Validation);
  });
});

describe('help centre: operators', () => {
  it('lists pages and shows a page with its source, figures and versions', async () => {
    // The operators' list is paged (help-list.test.ts): one page of 100 holds all 21.
    const list = await adminCall<{ list: { slug: string; version: number }[]; total: number }>(
      t,
      op,
      'GET',
      '/admin/api/v1/help?pageSize=100',
    );
    expect(list.data.list).toHaveLength(21);
    expect(list.data.total).toBe(21);
    const kh = await adminCall<{ body: string; placeholders: Record<string, string> }>(
      t,
      op,
      'GET',
      '/admin/api/v1/help/kh',
    );
    expect(kh.data.body).toContain('{{payoutCooloffHours}}');
    expect(kh.data.placeholders.payoutCooloffHours).toBe('24');
  });

  it('a save is a new version, audited; members read it at once', async () => {
    const current = await adminCall<{ version: number }>(t, op, 'GET', '/admin/api/v1/help/gywm');
    const body = '## 关于我们\n\n{{siteTitle}} 新的介绍文字。';
    const saved = await adminCall<{ version: number; versions: { version: number }[] }>(
      t,
      op,
      'POST',
      '/admin/api/v1/help/gywm',
      { title: '关于我们', body, baseVersion: current.data.version },
    );
    expect(saved.status_code).toBe(6000);
    expect(saved.data.version).toBe(current.data.version + 1);
    expect(saved.data.versions.map((v) => v.version).slice(0, 2)).toEqual([
      current.data.version + 1,
      current.data.version,
    ]);
    expect((await doc('gywm')).body).toContain('新的介绍文字');
    const admin = await adminToken(t);
    const audit = await adminCall<{ list: { action: string; target: string }[] }>(
      t,
      admin,
      'GET',
      '/admin/api/v1/audit',
    );
    expect(audit.data.list).toContainEqual(
      expect.objectContaining({ action: 'help.save', target: 'help:gywm' }),
    );
  });

  it('a save over a newer version is 9301 and changes nothing', async () => {
    const current = await adminCall<{ version: number }>(t, op, 'GET', '/admin/api/v1/help/hzhb');
    const first = await adminCall(t, op, 'POST', '/admin/api/v1/help/hzhb', {
      title: '合作伙伴',
      body: '第一位编辑的内容',
      baseVersion: current.data.version,
    });
    expect(first.status_code).toBe(6000);
    const second = await adminCall(t, op, 'POST', '/admin/api/v1/help/hzhb', {
      title: '合作伙伴',
      body: '第二位编辑基于旧版本的内容',
      baseVersion: current.data.version,
    });
    expect(second.status_code).toBe(ErrorCode.HelpVersionConflict);
    expect((await doc('hzhb')).body).toBe('第一位编辑的内容');
  });

  it('an unknown placeholder is 9302 and changes nothing', async () => {
    const current = await adminCall<{ version: number }>(t, op, 'GET', '/admin/api/v1/help/ysgz');
    const r = await adminCall<{ unknown: string[] }>(t, op, 'POST', '/admin/api/v1/help/ysgz', {
      title: '隐私政策',
      body: '最低 {{withdrawMinn}} 元',
      baseVersion: current.data.version,
    });
    expect(r.status_code).toBe(ErrorCode.HelpPlaceholderUnknown);
    expect(r.data.unknown).toEqual(['withdrawMinn']);
    expect((await doc('ysgz')).version).toBe(current.data.version);
  });

  it('a finance operator may not edit help (6061)', async () => {
    const r = await adminCall(t, await adminToken(t, 'finance'), 'POST', '/admin/api/v1/help/kh', {
      title: 'x',
      body: 'y',
      baseVersion: 1,
    });
    expect(r.status_code).toBe(ErrorCode.AdminForbidden);
  });

  it('seeding again keeps the operators’ edits', async () => {
    const before = await doc('hzhb');
    await t.services.help.seed();
    expect((await doc('hzhb')).body).toBe(before.body);
  });
});
