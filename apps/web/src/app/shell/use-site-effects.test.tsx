import { render, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { usePreInfoStore, type PreInfo } from '../../site/pre-info.store';
import { useSiteEffects } from './use-site-effects';

function preInfo(status: 0 | 1, tenant: boolean): PreInfo {
  return {
    SiteBaseConfigVo: {
      siteId: 6001,
      title: '星云体育',
      webLogoTitleUrl: '/static/favicon.svg',
      logoUrl: '/static/logo.svg',
      customerServiceUrl: '',
      currencyName: '金币',
      tenant,
      downloadOnly: false,
      minVersion: '2.0.0',
    },
    address: [],
    disablePhones: [],
    globePhoneNumber: [],
    ip: '127.0.0.1',
    maintainConfig: { status, message: '', startTime: null, endTime: null },
    siteFestivalSkin: null,
    siteVideoActiveUrl: '',
    siteVideoSkinOpen: false,
    stopLogin: false,
    stopRegister: false,
    registerCaptcha: true,
  };
}

function Probe() {
  useSiteEffects();
  return null;
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/', Component: Probe },
      { path: '/other/stopService', Component: Probe },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

afterEach(() => {
  usePreInfoStore.setState({ preInfo: null });
});

describe('site effects of pre-info', () => {
  it('sets the title and icon from pre-info', async () => {
    usePreInfoStore.setState({ preInfo: preInfo(1, false) });
    renderAt('/');
    await waitFor(() => expect(document.title).toBe('星云体育'));
    expect(document.querySelector('link[rel="icon"]')?.getAttribute('href')).toBe(
      '/static/favicon.svg',
    );
  });

  it('goes to the stop-service page when maintenance status is 0 and the tenant flag is off', async () => {
    usePreInfoStore.setState({ preInfo: preInfo(0, false) });
    const router = renderAt('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/other/stopService'));
  });

  it('stays put for tenants and for a running site', async () => {
    usePreInfoStore.setState({ preInfo: preInfo(0, true) });
    const tenant = renderAt('/');
    usePreInfoStore.setState({ preInfo: preInfo(1, false) });
    const running = renderAt('/');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(tenant.state.location.pathname).toBe('/');
    expect(running.state.location.pathname).toBe('/');
  });
});
