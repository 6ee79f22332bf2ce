import type { Browser, Page } from '@playwright/test';
import { expect } from './fixtures';
import type { RunningServer } from '../../../../e2e/support/platform-server';
import { register } from './wallet-steps';

/** Steps shared by the chat specs: the room's list, speaking, a second member, watchers. */

/** The server's flood control allows a burst of 5, then about one message a second. */
export const FLOOD_GAP_MS = 1100;

export function list(page: Page) {
  return page.getByRole('log', { name: '聊天消息' });
}

export async function openChat(page: Page, path = '/chat'): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole('textbox', { name: '聊天内容' })).toBeEnabled();
}

export async function say(page: Page, text: string): Promise<void> {
  await page.getByRole('textbox', { name: '聊天内容' }).fill(text);
  await page.getByRole('button', { name: '发送' }).click();
}

/** The exact text of every message and nickname on screen (no whitespace normalising). */
export async function shown(page: Page): Promise<{ contents: string[]; names: string[] }> {
  return page.evaluate(() => ({
    contents: [...document.querySelectorAll('[data-testid="chat-content"]')].map(
      (node) => node.textContent ?? '',
    ),
    names: [...document.querySelectorAll('[data-testid="chat-nickname"]')].map(
      (node) => node.textContent ?? '',
    ),
  }));
}

export async function secondMember(browser: Browser, server: RunningServer) {
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  const userName = await register(page);
  return { context, page, userName };
}

/** Records any dialog and any call of the payloads' `a()`: nothing may run. */
export async function watchForScripts(page: Page): Promise<string[]> {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.addInitScript(() => {
    Object.assign(window, {
      a: () => Object.assign(window, { pwned: true }),
    });
  });
  return dialogs;
}

export async function expectNothingInjected(page: Page): Promise<void> {
  const found = await page.evaluate(() => ({
    inList: document.querySelectorAll(
      '[data-testid="chat-list"] :is(script, svg, iframe, a, b, img[src="x"])',
    ).length,
    anywhere: document.querySelectorAll('img[src="x"], iframe, svg[onload], [onerror], [onload]')
      .length,
    pwned: 'pwned' in window,
  }));
  expect(found).toEqual({ inList: 0, anywhere: 0, pwned: false });
}

/** Counts websocket attempts and closes in the page (the page's own WebSocket calls). */
export async function countSockets(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const opened: number[] = [];
    const closed: number[] = [];
    Object.assign(window, { wsOpened: opened, wsClosed: closed });
    const Native = window.WebSocket;
    class Counting extends Native {
      constructor(url: string | URL, protocols?: string | string[]) {
        super(url, protocols);
        opened.push(performance.now());
        this.addEventListener('close', () => closed.push(performance.now()));
      }
    }
    window.WebSocket = Counting;
  });
}

export async function socketTimes(page: Page): Promise<{ opened: number[]; closed: number[] }> {
  return page.evaluate(() => {
    const w = window as unknown as { wsOpened: number[]; wsClosed: number[] };
    return { opened: [...w.wsOpened], closed: [...w.wsClosed] };
  });
}
