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

export const defaultNS = 'common';
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
  interpolation: { escapeValue: false },
  returnNull: false,
});

export const t = i18n.t.bind(i18n);
