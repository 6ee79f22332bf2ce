import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../app/query-client';
import { ModalHost } from '../../../components/ui/modal-host';
import { useModalQueue } from '../../../components/ui/modal.store';
import { envelope, stubFetch } from '../../../test/api-stubs';
import { HomePage } from './home.page';

const data: Record<string, unknown> = {
  queryStationAdList: {
    list: [
      {
        id: 1,
        title: '首存礼遇',
        imageUrl: '/static/banners/banner-1.svg',
        link: '/activity/discount',
      },
    ],
  },
  queryNoticeList: {
    list: [
      { id: 1, category: 1, title: '欢迎', content: '欢迎光临星云', publishedAt: '2026-01-01' },
    ],
  },
  'naming/list': { list: [{ key: 'TY', name: '体育赛事' }] },
  suspensionIcon: {
    list: [{ id: 1, title: '每日好礼', iconUrl: '/static/icons/float-gift.svg', link: '' }],
  },
  popInfo: { list: [{ id: 7, title: '新人礼', content: '注册即送', imageUrl: '', link: '' }] },
};

function reply(url: string): Response {
  const key = Object.keys(data).find((k) => url.includes(k));
  return key ? envelope(6000, data[key]) : envelope(6000, {});
}

function renderHome() {
  const router = createMemoryRouter([{ path: '/', Component: HomePage }], {
    initialEntries: ['/'],
  });
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
      <ModalHost />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
  useModalQueue.setState({ queue: [], closing: false });
});

describe('HomePage', () => {
  it('renders the content from the API, names from the naming list, and links to the quick actions', async () => {
    stubFetch(reply);
    renderHome();
    expect(await screen.findByRole('button', { name: '首存礼遇' })).toBeTruthy();
    expect(await screen.findByRole('tab', { name: '体育赛事' })).toBeTruthy();
    // Families not renamed by the operator fall back to the catalogue.
    expect(screen.getByRole('tab', { name: '真人' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '存款' }).getAttribute('href')).toBe(
      '/mine/finance/deposit',
    );
    expect(screen.getByRole('link', { name: 'VIP' }).getAttribute('href')).toBe('/mine/vip');
    fireEvent.click(screen.getByRole('tab', { name: '电竞' }));
    expect(screen.getByRole('link', { name: '进入电竞' }).getAttribute('href')).toBe(
      '/game/gaming',
    );
    expect(await screen.findByRole('button', { name: '每日好礼' })).toBeTruthy();
  });

  it('shows the first banner still, and the carousel once the browser is idle', async () => {
    const ads = {
      list: [
        { id: 1, title: '首存礼遇', imageUrl: '/static/banners/banner-1.svg', link: '' },
        { id: 2, title: '周末加赠', imageUrl: '/static/banners/banner-2.svg', link: '' },
      ],
    };
    stubFetch((url) => (url.includes('queryStationAdList') ? envelope(6000, ads) : reply(url)));
    const { container } = renderHome();
    expect(await screen.findByRole('button', { name: '首存礼遇' })).toBeTruthy();
    // At rest: the first slide and the dots, no carousel (its code is not loaded yet).
    expect(container.querySelector('.adm-swiper')).toBeNull();
    expect(container.querySelectorAll('.nb-shell__dot')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: '周末加赠' })).toBeNull();
    await waitFor(() => expect(container.querySelector('.adm-swiper')).not.toBeNull(), {
      timeout: 5000,
    });
    expect(screen.getAllByRole('button', { name: '周末加赠' }).length).toBeGreaterThan(0);
    expect(container.querySelector('.nb-shell__dot')).toBeNull();
  });

  it('joins the pull-to-refresh once idle without mounting the page again', async () => {
    stubFetch(reply);
    const { container } = renderHome();
    const tab = await screen.findByRole('tab', { name: '体育赛事' });
    expect(container.querySelector('.adm-pull-to-refresh')).toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: '电竞' }));
    await waitFor(
      () => expect(container.querySelector('.adm-pull-to-refresh .nb-home')).not.toBeNull(),
      { timeout: 5000 },
    );
    // The same elements, the family the member chose still chosen.
    expect(screen.getByRole('tab', { name: '体育赛事' })).toBe(tab);
    expect(screen.getByRole('tab', { name: '电竞' }).getAttribute('aria-selected')).toBe('true');
  });

  it('loads the announcements sheet when the notice line is tapped', async () => {
    stubFetch(reply);
    renderHome();
    fireEvent.click(await screen.findByRole('button', { name: '平台公告' }));
    expect(await screen.findByText('欢迎光临星云', { selector: '.nb-notices *' })).toBeTruthy();
  });

  it('shows each pop once, then the security tip once per visit', async () => {
    stubFetch(reply);
    renderHome();
    await waitFor(() => expect(screen.getByRole('dialog').textContent).toContain('新人礼'));
    expect(JSON.parse(localStorage.getItem('popSeen')!)).toEqual([7]);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '确定' }));
      await new Promise((resolve) => setTimeout(resolve, 320));
    });
    await waitFor(() => expect(screen.getByRole('dialog').textContent).toContain('安全提示'));
  });

  it('opens no dialog over a page the member has started to use, and keeps it for the next visit', async () => {
    let releasePops: () => void = () => undefined;
    const popsHeld = new Promise<void>((resolve) => {
      releasePops = resolve;
    });
    stubFetch(async (url) => {
      if (url.includes('popInfo')) await popsHeld;
      return reply(url);
    });
    const { unmount } = renderHome();
    expect(await screen.findByRole('button', { name: '首存礼遇' })).toBeTruthy();
    // The member reaches for a tab before the pops have arrived.
    fireEvent.pointerDown(screen.getByRole('tab', { name: '真人' }));
    await act(async () => {
      releasePops();
      await popsHeld;
    });
    await waitFor(() =>
      expect(document.documentElement.getAttribute('data-home-pops')).toBe('skipped'),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(localStorage.getItem('popSeen')).toBeNull();
    expect(sessionStorage.getItem('securityTipShown')).toBeNull();
    unmount();
    expect(document.documentElement.getAttribute('data-home-pops')).toBeNull();
    // The next visit, untouched, shows them.
    stubFetch(reply);
    renderHome();
    await waitFor(() => expect(screen.getByRole('dialog').textContent).toContain('新人礼'));
    expect(document.documentElement.getAttribute('data-home-pops')).toBe('shown');
  });

  it('shows the coded error with a retry in the banner box', async () => {
    stubFetch((url) => (url.includes('queryStationAdList') ? envelope(10001) : reply(url)));
    renderHome();
    expect(await screen.findByText('系统错误，请稍后重试或联系客服')).toBeTruthy();
    expect(screen.getByText('错误码 10001')).toBeTruthy();
    expect(screen.getByRole('button', { name: '重试' })).toBeTruthy();
  });
});
