import type { BootHome, StationAd } from '@nebula/protocol';
import { escapeHtml } from '../../lib/html-escape';
import { SOUND_ICON_SVG } from './web-shell.icons';

/** What the first screen shows from the site settings. */
export interface ShellSite {
  title: string;
  logoUrl: string;
}

/** The top bar's logo when the operator has set none (the site's own default, top-bar.tsx). */
const DEFAULT_LOGO = '/static/logo.svg';

/** The notice line joins its notices like the site's notice strip (notice-strip.tsx). */
const NOTICE_SEPARATOR = '\u3000\u3000';

/**
 * The top of the home page as the site renders it (tab-layout, top-bar, home page, banner
 * carousel, notice strip): the same elements, classes and sizes, so nothing moves when the
 * site's scripts mount and replace it. Its styles are in the stylesheet index.html links
 * (apps/web/src/app/shell/first-paint-styles.ts). The top bar's actions stay empty: whether
 * the visitor is a member is known only to the browser.
 */
export function homeShellMarkup(site: ShellSite, home: BootHome): string {
  const first = home.stationAds[0];
  return (
    '<div class="nb-tab-layout nb-shell" aria-busy="true">' +
    topBar(site) +
    '<main class="nb-tab-layout__main"><div class="nb-home">' +
    (first ? banner(first, home.stationAds.length) : '<section class="nb-banner"></section>') +
    noticeLine(home) +
    '</div></main></div>'
  );
}

function topBar(site: ShellSite): string {
  return (
    '<header class="nb-topbar"><a href="/" class="nb-topbar__brand">' +
    `<img class="nb-topbar__logo" src="${escapeHtml(site.logoUrl || DEFAULT_LOGO)}" alt="" width="32" height="32">` +
    `<span class="nb-topbar__title">${escapeHtml(site.title)}</span>` +
    '</a><div class="nb-topbar__actions"></div></header>'
  );
}

/** The first slide, the page's largest paint: fetched first. The carousel's dots come along. */
function banner(ad: StationAd, count: number): string {
  const dots =
    count > 1
      ? '<div class="nb-shell__dots" aria-hidden="true">' +
        Array.from(
          { length: count },
          (_, i) => `<span class="nb-shell__dot${i === 0 ? ' nb-shell__dot--active' : ''}"></span>`,
        ).join('') +
        '</div>'
      : '';
  return (
    '<section class="nb-banner nb-shell__banner"><div class="nb-banner__slide">' +
    `<img src="${escapeHtml(ad.imageUrl)}" alt="${escapeHtml(ad.title)}" width="750" height="300" fetchpriority="high">` +
    `</div>${dots}</section>`
  );
}

/** The notice line at rest (the site's marquee starts moving once it runs). */
function noticeLine(home: BootHome): string {
  const text = home.marquee.map((n) => n.content || n.title).join(NOTICE_SEPARATOR);
  return (
    '<div class="nb-notice"><div class="adm-notice-bar adm-notice-bar-info adm-notice-bar-rectangular nb-notice__bar">' +
    `<span class="adm-notice-bar-left">${SOUND_ICON_SVG}</span>` +
    `<span class="adm-notice-bar-content"><span class="adm-notice-bar-content-inner">${escapeHtml(text)}</span></span>` +
    '</div></div>'
  );
}

/** Asks for the first banner before the scripts the head lists, on a link that is short of connections. */
export function bannerPreload(home: BootHome | null): string {
  const first = home?.stationAds[0];
  return first
    ? `<link rel="preload" as="image" href="${escapeHtml(first.imageUrl)}" fetchpriority="high">`
    : '';
}
