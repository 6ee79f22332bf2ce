import path from 'node:path';
import type { Page } from '@playwright/test';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../../..');

/**
 * Saves a 390×844 screenshot of the page into docs/screenshots when the run asks for it
 * (`SCREENSHOTS=1 npx playwright test …`); otherwise does nothing, so suites stay fast.
 */
export async function shot(page: Page, name: string): Promise<void> {
  if (process.env.SCREENSHOTS !== '1') return;
  await page.waitForLoadState('networkidle');
  // Let transitions (tabs, toasts, images) settle so the picture is what a member sees.
  await page.waitForTimeout(400);
  await page.screenshot({ path: path.join(root, 'docs/screenshots', `${name}.png`) });
}
