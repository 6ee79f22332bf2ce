import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider, theme } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { apiOrigin } from '../api/api-origin';
import { createAdminClient } from '../api/client';
import {
  clearSession,
  loadSession,
  saveSession,
  sessionIdleMs,
  watchIdle,
  type OperatorSession,
} from '../session/session';
import { ConsoleContext, type ConsoleContextValue } from '../session/console-context';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // An operator acts on what the screen shows: refetch on focus, never retry a refused call.
      queries: { retry: false, staleTime: 5_000 },
      mutations: { retry: false },
    },
  });
}

/**
 * The theme's text (font, size, colour) for the whole console, as antd's App sets it; App
 * itself, with its popups, comes with the pages that use them (../components/page-frame.tsx).
 */
function TextBase({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <div
      style={{
        color: token.colorText,
        fontSize: token.fontSize,
        lineHeight: token.lineHeight,
        fontFamily: token.fontFamily,
      }}
    >
      {children}
    </div>
  );
}

export function ConsoleProviders({
  queryClient,
  cspNonce,
  children,
}: {
  queryClient: QueryClient;
  /** The page's CSP nonce (csp-nonce.ts): antd's <style> elements carry it. */
  cspNonce?: string;
  children: ReactNode;
}) {
  const [session, setSession] = useState<OperatorSession | null>(() => loadSession());
  const signOut = useCallback(() => {
    clearSession();
    queryClient.clear();
    setSession(null);
  }, [queryClient]);
  const signIn = useCallback((s: OperatorSession) => {
    saveSession(s);
    setSession(s);
  }, []);
  // The server's idle limit may be shortened by an operator while this tab is open: each /me
  // answer carries the limit now in force, and the timer below restarts with it.
  const learnIdle = useCallback((minutes: number) => {
    const s = loadSession();
    if (!s || s.idleMinutes === minutes) return;
    const next = { ...s, idleMinutes: minutes };
    saveSession(next);
    setSession(next);
  }, []);
  const call = useMemo(
    () =>
      createAdminClient({
        token: () => loadSession()?.token ?? null,
        onSessionEnded: signOut,
        onIdleMinutes: learnIdle,
        origin: apiOrigin(),
      }),
    [signOut, learnIdle],
  );
  const token = session?.token;
  const idleMs = session ? sessionIdleMs(session) : 0;
  useEffect(() => {
    if (!token) return;
    // A tab opened on a kept session asks once: the limit may have changed since its login.
    call('adminMe', {}).catch(() => undefined);
  }, [token, call]);
  useEffect(() => {
    if (!token) return;
    return watchIdle(idleMs, () => {
      // The server's session ends too, so the token cannot be reused from this machine.
      call('adminLogout', { body: {} }).catch(() => undefined);
      signOut();
    });
  }, [token, idleMs, call, signOut]);
  const value = useMemo<ConsoleContextValue>(
    () => ({ call, session, signIn, signOut }),
    [call, session, signIn, signOut],
  );
  return (
    <ConfigProvider
      locale={zhCN}
      csp={cspNonce ? { nonce: cspNonce } : undefined}
      theme={{ token: { colorPrimary: '#1677ff' } }}
      // No space between two Chinese characters on a button ("登录", not "登 录").
      button={{ autoInsertSpace: false }}
    >
      <TextBase>
        <QueryClientProvider client={queryClient}>
          <ConsoleContext value={value}>{children}</ConsoleContext>
        </QueryClientProvider>
      </TextBase>
    </ConfigProvider>
  );
}
