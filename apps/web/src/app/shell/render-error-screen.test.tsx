import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RenderErrorBoundary, RenderErrorScreen, RouteErrorScreen } from './render-error-screen';

function Broken(): never {
  throw new Error('render failed');
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('render-error screen (contract §8.1)', () => {
  it('shows the catalogue message and reloads the page on its button', () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    render(<RenderErrorScreen />);
    expect(screen.getByRole('alert')).toBeTruthy();
    expect(screen.getByRole('heading', { name: '页面出错了' })).toBeTruthy();
    expect(
      screen.getByText('页面加载时遇到问题，请刷新后重试。如问题持续，请联系客服。'),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '刷新页面' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('replaces a subtree that throws while rendering, and logs the error', () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <RenderErrorBoundary>
        <p>before</p>
        <Broken />
      </RenderErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: '页面出错了' })).toBeTruthy();
    expect(screen.queryByText('before')).toBeNull();
    expect(
      logged.mock.calls.some((args) =>
        args.some((a) => a instanceof Error && a.message === 'render failed'),
      ),
    ).toBe(true);
  });

  it('leaves a healthy subtree alone', () => {
    render(
      <RenderErrorBoundary>
        <p>fine</p>
      </RenderErrorBoundary>,
    );
    expect(screen.getByText('fine')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('is the error element of a route whose page throws', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const router = createMemoryRouter(
      [{ path: '/', Component: Broken, ErrorBoundary: RouteErrorScreen }],
      { initialEntries: ['/'] },
    );
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { name: '页面出错了' })).toBeTruthy();
  });
});
