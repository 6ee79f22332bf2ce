import type { DefaultNamespace, FlatNamespace, i18n as I18next, TFunction } from 'i18next';
import common from './zh-CN/common.json';
import errors from './zh-CN/errors.json';
import home from './zh-CN/home.json';
import session from './zh-CN/session.json';
import shell from './zh-CN/shell.json';
import system from './zh-CN/system.json';
import venues from './zh-CN/venues.json';
import type { FeatureResources } from './feature-resources';
import {
  addCatalogues,
  getDefaultVariables,
  setDefaultVariables,
  translate,
  type TranslateOptions,
} from './translator';

export const defaultNS = 'common';

/** The site currency's name until pre-info says otherwise (the setting's default). */
export const DEFAULT_CURRENCY_NAME = '金币';
/**
 * The catalogues bundled with the entry: what the first route (home with its frame), the
 * error screens and non-React code that runs before any page (errors, session end) need.
 * The other features' catalogues come with feature-catalogues.ts, which every other route
 * waits for (app/route-modules.ts) and the home page fetches once the browser is idle:
 * together they were 59 KB the first route evaluated and never read (docs/benchmarks.md).
 */
export const resources = {
  'zh-CN': { common, errors, home, shell, system, session, venues },
} as const;

/** Every namespace, the features' included: what typed keys check against (i18next.d.ts). */
export type Resources = (typeof resources)['zh-CN'] & FeatureResources;

// Installed at import, so that non-React code (error classes, the request client) can
// translate at import time.
addCatalogues(resources['zh-CN']);
// `{{currency}}` in any text is the site currency's name (a site setting, from pre-info).
setDefaultVariables({ currency: DEFAULT_CURRENCY_NAME });

const fixed = new Map<string, unknown>();

/**
 * The translation function of one namespace: the same function for the page's whole life, so
 * effects and memos that depend on it never rerun for it.
 */
export function getFixedT<N extends FlatNamespace = DefaultNamespace>(ns?: N): TFunction<N> {
  const space: string = ns ?? defaultNS;
  let fn = fixed.get(space);
  if (!fn) {
    fn = (keys: string | readonly string[], options?: TranslateOptions) =>
      translate(space, keys, options);
    fixed.set(space, fn);
  }
  // One implementation serves every namespace; i18next's types check the keys at each call.
  return fn as TFunction<N>;
}

/** Non-React code's translation: the common texts, and any namespace's as `ns:key`. */
export const t = getFixedT() as unknown as I18next['t'];

/**
 * Names the site currency in every text from now on (one Chinese name everywhere,
 * instead of "COIN"); read at each translation.
 */
export function setCurrencyName(name: string | undefined): void {
  setDefaultVariables({ ...getDefaultVariables(), currency: name || DEFAULT_CURRENCY_NAME });
}

/** The site currency's current name, for text built outside the catalogues. */
export function currencyName(): string {
  const value = getDefaultVariables().currency;
  return typeof value === 'string' ? value : DEFAULT_CURRENCY_NAME;
}
