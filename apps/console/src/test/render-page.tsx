import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, render, waitFor, type RenderResult } from '@testing-library/react';
import { App as AntApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import type { ComponentType } from 'react';
import { createAdminClient } from '../api/client';
import { ConsoleContext, type ConsoleContextValue } from '../session/console-context';

// antd pages render slowly in jsdom on a loaded machine: wait for conditions generously.
configure({ asyncUtilTimeout: 15_000 });

/** A page test's time limit (several antd renders and a dialog per test). */
export const PAGE_TEST_TIMEOUT = 60_000;

// jsdom has neither; antd's grid and tables ask for both (answers as a wide, static screen).
if (typeof window.matchMedia !== 'function') {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
}
if (typeof globalThis.ResizeObserver !== 'function') {
  class StillObserver {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Object.defineProperty(window, 'ResizeObserver', { value: StillObserver });
  Object.defineProperty(globalThis, 'ResizeObserver', { value: StillObserver });
}

/** One request the page sent, as the platform would receive it. */
export interface SentCall {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Record<string, string>;
  body: unknown;
}

/** What the fake platform answers: data (6000), or `{ code }` for a coded refusal. */
export type Answer = { data: unknown } | { code: number };
export type Answers = (call: SentCall) => Answer | undefined;

/**
 * Renders a page as the console does (antd's Chinese locale, TanStack Query, the console's
 * own admin client) with fetch answered by `answers`: the seam is the HTTP envelope, so the
 * route table's methods, paths, headers and bodies are what the test sees.
 */
export function renderPage(
  Page: ComponentType,
  { permissions, answers }: { permissions: readonly string[]; answers: Answers },
): RenderResult & { calls: SentCall[] } {
  const calls: SentCall[] = [];
  const fakeFetch = (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const href = input instanceof Request ? input.url : input instanceof URL ? input.href : input;
    const url = new URL(href, 'http://console.test');
    const call: SentCall = {
      method: init?.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      headers: (init?.headers ?? {}) as Record<string, string>,
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
    };
    calls.push(call);
    const answer = answers(call);
    const envelope = !answer
      ? { status_code: 9999, message: 'unexpected', data: null }
      : 'code' in answer
        ? { status_code: answer.code, message: 'refused', data: null }
        : { status_code: 6000, message: 'ok', data: answer.data };
    return Promise.resolve(new Response(JSON.stringify(envelope)));
  };
  const value: ConsoleContextValue = {
    call: createAdminClient({
      token: () => 't',
      onSessionEnded: () => undefined,
      fetch: fakeFetch,
    }),
    session: {
      token: 't',
      userName: 'op',
      roleName: '运营',
      expiresAt: Date.now() + 3_600_000,
      enrolOnly: false,
      permissions,
    },
    signIn: () => undefined,
    signOut: () => undefined,
  };
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const result = render(
    <ConfigProvider locale={zhCN} button={{ autoInsertSpace: false }}>
      <AntApp>
        <QueryClientProvider client={client}>
          <ConsoleContext value={value}>
            <Page />
          </ConsoleContext>
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>,
  );
  return Object.assign(result, { calls });
}

/** The writes among the calls (what changed something). */
export function writes(calls: readonly SentCall[]): SentCall[] {
  return calls.filter((c) => c.method !== 'GET');
}

/**
 * The open dialog whose title holds `title`. (A role query computes every element's
 * accessible name, which takes seconds over an antd form in jsdom; the title is enough.)
 */
export function findDialog(title: string | RegExp): Promise<HTMLElement> {
  return waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('[role="dialog"]')].find((d) => {
      const text = d.querySelector('.ant-modal-title')?.textContent ?? '';
      return typeof title === 'string' ? text.includes(title) : title.test(text);
    });
    if (!found) throw new Error(`no dialog titled ${String(title)}`);
    return found;
  });
}
