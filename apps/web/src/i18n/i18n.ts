import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import common from './zh-CN/common.json';
import errors from './zh-CN/errors.json';
import home from './zh-CN/home.json';
import session from './zh-CN/session.json';
import shell from './zh-CN/shell.json';
import system from './zh-CN/system.json';
import venues from './zh-CN/venues.json';
import type { FeatureResources } from './feature-resources';

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

/**
 * One i18next instance, initialised synchronously with the bundled catalogue so that non-React
 * code (error classes, the request client) can translate at import time.
 */
export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  lng: 'zh-CN',
  fallbackLng: 'zh-CN',
  ns: Object.keys(resources['zh-CN']),
  defaultNS,
  resources,
  initAsync: false,
  // `{{currency}}` in any text is the site currency's name (a site setting, from pre-info).
  interpolation: { escapeValue: false, defaultVariables: { currency: DEFAULT_CURRENCY_NAME } },
  returnNull: false,
});

export const t = i18n.t.bind(i18n);

/**
 * Names the site currency in every text from now on (one Chinese name everywhere,
 * instead of "COIN"); read by i18next at each translation.
 */
export function setCurrencyName(name: string | undefined): void {
  const interpolation = i18n.options.interpolation;
  if (interpolation) {
    interpolation.defaultVariables = {
      ...interpolation.defaultVariables,
      currency: name || DEFAULT_CURRENCY_NAME,
    };
  }
}

/** The site currency's current name, for text built outside the catalogues. */
export function currencyName(): string {
  const value: unknown = i18n.options.interpolation?.defaultVariables?.currency;
  return typeof value === 'string' ? value : DEFAULT_CURRENCY_NAME;
}
