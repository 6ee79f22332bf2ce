import type { Page } from '@playwright/test';
import { dismissDialogs, expect, memberTest as test } from './support/fixtures';
import { shot } from './support/shots';
import { register } from './support/wallet-steps';

/**
 * Every control a member taps is at least 44×44 CSS px at 390×844, a phone's screen: each page
 * a member uses is visited as a registered member and every visible interactive element is
 * measured by its bounding box, so padding or a hit area counts only when the box shows it.
 * All offenders are reported in one failure.
 */

const MIN = 44;
/** Sub-pixel layout (rem, borders) may land a hair under a whole pixel. */
const EPSILON = 0.5;

/** The pages a member uses, in the order the tab bar and the member centre offer them. */
const PAGES = [
  '/',
  '/activity/discount',
  '/customer/main',
  '/sponsor/0',
  '/mine',
  '/mine/finance/deposit',
  '/mine/finance/withdrawal',
  '/mine/finance/transfer',
  '/mine/finance/wallet',
  '/mine/balance',
  '/mine/record/transRecord',
  '/mine/audit',
  '/mine/depositLimit',
  '/mine/playBreak',
  '/mine/statement',
  '/mine/currency',
  '/mine/userInfo',
  '/mine/security',
  '/mine/mail',
  '/mine/feedback',
  '/help',
  '/mine/record/betRecord',
];

/**
 * Controls left smaller on purpose, by CSS selector, each with its reason. Kept short: a
 * control a member taps on purpose belongs here only when it cannot reasonably grow.
 */
const ALLOWED: { selector: string; reason: string }[] = [];

interface Offender {
  text: string;
  width: number;
  height: number;
}

/** The visible interactive elements of the page under 44×44, named by their text or label. */
function measure(page: Page): Promise<Offender[]> {
  return page.evaluate(
    ({ min, epsilon, allowed }) => {
      const selector = [
        'a[href]',
        'button',
        '[role=button]',
        '[role=tab]',
        '[role=link]',
        'input[type=checkbox]',
        'input[type=radio]',
        'label:has(input[type=checkbox], input[type=radio])',
      ].join(',');
      const found: { text: string; width: number; height: number }[] = [];
      for (const el of document.querySelectorAll<HTMLElement>(selector)) {
        // A checkbox or radio inside a label is tapped through its label, measured instead.
        if (el instanceof HTMLInputElement && el.closest('label')) continue;
        if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
        if (el.closest('[aria-hidden="true"], [inert]')) continue;
        if (allowed.some((s) => el.matches(s))) continue;
        const box = el.getBoundingClientRect();
        if (box.width === 0 || box.height === 0) continue;
        if (box.width + epsilon >= min && box.height + epsilon >= min) continue;
        const name =
          el.getAttribute('aria-label') ??
          (el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 24);
        // The element's tag and classes: where the CSS to mend is.
        const where = `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}`;
        found.push({
          text: `${name} ${where}`,
          width: Math.round(box.width * 10) / 10,
          height: Math.round(box.height * 10) / 10,
        });
      }
      return found;
    },
    { min: MIN, epsilon: EPSILON, allowed: ALLOWED.map((a) => a.selector) },
  );
}

test('every control a member taps is at least 44×44 px on the pages a member uses', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await register(page);
  await dismissDialogs(page);
  const lines: string[] = [];
  for (const path of PAGES) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    if (path === '/') await dismissDialogs(page);
    for (const o of await measure(page)) lines.push(`${path}: "${o.text}" ${o.width}×${o.height}`);
  }
  expect(lines, `tap targets under ${MIN}×${MIN} px:\n${lines.join('\n')}`).toEqual([]);
  await page.goto('/mine/finance/deposit');
  await page.waitForLoadState('networkidle');
  await shot(page, 'tap-targets-deposit');
  await page.goto('/mine/security');
  await shot(page, 'tap-targets-security');
});
