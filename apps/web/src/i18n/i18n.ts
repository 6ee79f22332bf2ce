import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import auth from './zh-CN/auth.json';
import chat from './zh-CN/chat.json';
import common from './zh-CN/common.json';
import errors from './zh-CN/errors.json';
import home from './zh-CN/home.json';
import member from './zh-CN/member.json';
import records from './zh-CN/records.json';
import session from './zh-CN/session.json';
import shell from './zh-CN/shell.json';
import system from './zh-CN/system.json';
import tutorial from './zh-CN/tutorial.json';
import venues from './zh-CN/venues.json';
import wallet from './zh-CN/wallet.json';
import help from './zh-CN/help.json';
import customer from './zh-CN/customer.json';
import mail from './zh-CN/mail.json';
import feedback from './zh-CN/feedback.json';
import sponsor from './zh-CN/sponsor.json';
import download from './zh-CN/download.json';

export const defaultNS = 'common';

/** The site currency's name until pre-info says otherwise (the setting's default). */
export const DEFAULT_CURRENCY_NAME = '金币';
export const resources = {
  'zh-CN': {
    common,
    errors,
    home,
    shell,
    system,
    auth,
    member,
    session,
    wallet,
    records,
    tutorial,
    chat,
    venues,
    help,
    customer,
    mail,
    feedback,
    sponsor,
    download,
  },
} as const;

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
 * Names the site currency in every text from now on (issue 13: one Chinese name everywhere,
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
