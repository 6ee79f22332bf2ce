import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { featureResources } from './feature-resources';
import { resources, setCurrencyName, t, getFixedT, DEFAULT_CURRENCY_NAME } from './i18n';
import './feature-catalogues';

// The site's texts went through i18next before translator.ts replaced it on the first route;
// the same catalogues and options in i18next are the reference every answer is held to.
const all = { ...resources['zh-CN'], ...featureResources };
const reference = i18next.createInstance();
void reference.init({
  lng: 'zh-CN',
  fallbackLng: 'zh-CN',
  ns: Object.keys(all),
  defaultNS: 'common',
  resources: { 'zh-CN': all },
  initAsync: false,
  interpolation: { escapeValue: false, defaultVariables: { currency: DEFAULT_CURRENCY_NAME } },
  returnNull: false,
});
const expected = (key: string, options?: Record<string, unknown>): unknown =>
  (reference.t as (k: string, o?: Record<string, unknown>) => unknown)(key, options);
const actual = t as unknown as (key: string | string[], o?: Record<string, unknown>) => unknown;

/** Every key of a catalogue, leaves and subtrees, with the placeholder names under it. */
function keysOf(node: unknown, prefix = ''): { key: string; names: string[]; leaf: boolean }[] {
  if (typeof node !== 'object' || node === null) return [];
  return Object.entries(node).flatMap(([k, v]) => {
    const key = prefix ? `${prefix}.${k}` : k;
    const names = [...JSON.stringify(v).matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]!);
    return [
      { key, names, leaf: typeof v === 'string' },
      ...(Array.isArray(v) ? [] : keysOf(v, key)),
    ];
  });
}

const entries = Object.entries(all).flatMap(([ns, catalogue]) =>
  keysOf(catalogue).map(({ key, names, leaf }) => ({ id: `${ns}:${key}`, names, leaf })),
);

describe('translator.ts answers as i18next did', () => {
  it('has keys to compare', () => expect(entries.length).toBeGreaterThan(1000));

  it('for every key of every catalogue: bare, with values, null values and as objects', () => {
    for (const { id, names } of entries) {
      const values = Object.fromEntries(names.map((n, i) => [n, i % 2 ? 7 : `值${i}`]));
      const nulls = Object.fromEntries(names.map((n) => [n, null]));
      for (const options of [undefined, values, nulls, { ...values, returnObjects: true }])
        expect([id, actual(id, options)]).toEqual([id, expected(id, options)]);
    }
  }, 60_000);

  it('for missing keys, default values, key lists, namespaces and the currency', () => {
    const cases: [string | string[], Record<string, unknown>?][] = [
      ['noSuchKey'],
      ['home:noSuchKey'],
      ['noSuch', { defaultValue: '默认{{v}}', v: 3 }],
      [['noSuch', 'ok']],
      ['ok', { ns: 'home' }],
      ['common:ok', { currency: '元' }],
    ];
    for (const [key, options] of cases)
      expect(actual(key, options)).toEqual((reference.t as typeof actual)(key, options));
    const withCurrency = entries.find(({ names, leaf }) => leaf && names.includes('currency'));
    expect(withCurrency).toBeDefined();
    setCurrencyName('钻石');
    reference.options.interpolation!.defaultVariables = { currency: '钻石' };
    try {
      expect(actual(withCurrency!.id)).toBe(expected(withCurrency!.id));
      expect(actual(withCurrency!.id)).toContain('钻石');
    } finally {
      setCurrencyName(undefined);
      reference.options.interpolation!.defaultVariables = { currency: DEFAULT_CURRENCY_NAME };
    }
  });

  it('gives each namespace one function for the page’s life', () => {
    expect(getFixedT('home')).toBe(getFixedT('home'));
    expect(getFixedT('home')('noticeTitle')).toBe('平台公告');
  });
});
