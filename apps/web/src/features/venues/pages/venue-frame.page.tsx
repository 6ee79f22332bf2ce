import { dialects } from '@nebula/protocol/venue/dialects';
import { isVenuePageUrl } from '@nebula/protocol/venue/registry';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { LeftOutline } from 'antd-mobile-icons';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { Money } from '../../../components/ui/money';
import { PageSkeleton } from '../../../components/ui/page-states';
import { showToast } from '../../../components/ui/toast';
import { api } from '../../../client/api';
import { describeError } from '../../../lib/api-errors';
import { generateUuidV4 } from '../../../lib/device';
import { useDeviceConfig } from '../../../lib/signing/device-config.store';
import { useSessionStore } from '../../../session/session.store';
import { useVenueList } from '../api/venue-list.query';
import { useAppSendMoney } from '../hooks/use-enter-venue';
import { acceptFrameMessage } from '../model/frame-messages';
import {
  frameLoadedBefore,
  markFrameLoaded,
  mayRelaunchQuietly,
  relaunchedUrl,
} from '../model/frame-reload';
import { frameTarget } from '../model/frame-target';
import { frameGameCode, frameHref, gameOfPageUrl } from '../model/open-venue';
import { launchVenue, venueProxy } from '../model/venue-launch';
import '../components/venues.css';

export interface FrameTransferSheetProps {
  venue: { code: string; name: string };
  visible: boolean;
  onClose: () => void;
  /** Money moved (in): the venue page is told to reload its balance. */
  onDone: () => void;
}

interface VenueFramePageProps {
  /** The transfer sheet (the wallet's), composed in by the app. */
  transferSheet: (props: FrameTransferSheetProps) => ReactNode;
  /** The 404 page, for a page URL that is not on the venue's registry origin. */
  notFound: ReactNode;
}

/**
 * A venue's page (a frame route of contract §8.1): full screen under a back bar with the main balance
 * and the venue's own (asked through the third-party proxy), in an iframe sandboxed without top
 * navigation. Only the venue's pages (`/h5/…`) on the origin the registry holds for it are
 * framed (else 404); only messages from that origin and that frame's window are heard, and a
 * message can only open a screen the member then confirms (the transfer sheet). Leaving brings
 * the venue's balance home when 免转 is on (or says the venue could not be asked).
 */
export function VenueFramePage({ transferSheet, notFound }: VenueFramePageProps) {
  const { t } = useTranslation('venues');
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const token = useSessionStore((s) => s.token);
  const venues = useVenueList();
  const config = useDeviceConfig((s) => s.config);
  const appSendMoney = useAppSendMoney();
  const frame = useRef<HTMLIFrameElement>(null);
  const [ready, setReady] = useState(false);
  const [transferring, setTransferring] = useState(false);
  const target = frameTarget(
    venues.data?.list,
    config?.venueOrigins ?? {},
    pathname,
    params.get('venue'),
    params.get('url'),
  );
  const current = typeof target === 'object' ? target : null;
  // A house game venue's frame may name the game it opened (in its address, or the venue's
  // page URL's own `game`): a relaunch opens it again.
  const gameCode =
    frameGameCode(params.get('game')) ?? frameGameCode(gameOfPageUrl(current?.url ?? null));
  const main = useQuery({
    queryKey: ['wallet', token, 'balances'],
    queryFn: () => api.call('walletBalances'),
    enabled: token !== null,
  });
  // The venue's own word: through the third-party proxy for a sportsbook; a house game venue
  // speaks no dialect, so the platform asks it (the wallet's balance sync).
  const atVenue = useQuery({
    queryKey: ['venues', 'frameBalance', current?.venue.code],
    queryFn: async () => {
      const venue = current!.venue;
      if (venue.dialect !== null)
        return venueProxy.request<{ balance: string }>(venue.code, {
          method: 'GET',
          path: `${dialects[venue.dialect].prefix}/balance`,
        });
      const synced = await api.call('walletSync', { body: {} });
      return { balance: synced.venues.find((v) => v.code === venue.code)?.balance ?? '0.00' };
    },
    enabled: current !== null,
    refetchInterval: 30_000,
  });

  const code = current?.venue.code ?? null;
  const origin = current?.origin ?? null;
  const url = current?.url ?? null;
  const [notified, setNotified] = useState(0);
  // A URL this tab's frame already loaded holds a spent token (the page was reloaded): the
  // frame is not shown on it; the venue is relaunched quietly onto the same page instead.
  // Read once per URL, when it is first rendered, before the effect below marks it as loaded.
  const [seen, setSeen] = useState<{ url: string; stale: boolean } | null>(null);
  if (url !== null && seen?.url !== url) setSeen({ url, stale: frameLoadedBefore(url) });
  const stale = seen?.url === url ? seen.stale : url !== null && frameLoadedBefore(url);

  // One relaunch at a time (a reloaded frame both loads again and asks): each launch ends the
  // session before it, so two at once would leave the frame on an ended one. Not through the
  // proxy's shared relaunch, whose 1 s debounce could hand back the session just spent.
  const inflight = useRef(false);
  const relaunch = () => {
    if (!code || !origin || !url || inflight.current) return;
    if (!mayRelaunchQuietly(code)) return;
    inflight.current = true;
    launchVenue(code, { manual: false, ...(gameCode ? { gameCode } : {}) })
      .then((r) => {
        if (isVenuePageUrl(r.url, origin))
          void navigate(frameHref(pathname, code, relaunchedUrl(url, r.url), gameCode), {
            replace: true,
          });
      })
      .catch((error: unknown) => showToast(describeError(error).message))
      .finally(() => {
        inflight.current = false;
      });
  };
  // The effects below call the latest one (declared first, so it is set before they run).
  const relaunchRef = useRef(relaunch);
  useEffect(() => {
    relaunchRef.current = relaunch;
  });

  useEffect(() => {
    if (!url) return;
    if (stale) relaunchRef.current();
    else markFrameLoaded(url);
  }, [url, stale]);
  // The frame reloading itself loads its page again without a token (the page keeps nothing in
  // storage): a second load of one URL is answered by a quiet relaunch too.
  const loads = useRef({ url: '', count: 0 });
  const onFrameLoad = () => {
    if (loads.current.url !== url) loads.current = { url: url ?? '', count: 0 };
    loads.current.count += 1;
    setReady(true);
    if (loads.current.count > 1) relaunch();
  };

  // The venue page's messages: its origin and its window only.
  useEffect(() => {
    if (!code || !origin) return;
    const onMessage = (event: MessageEvent) => {
      const msg = acceptFrameMessage(event, {
        origin,
        window: frame.current?.contentWindow ?? null,
      });
      if (!msg) return;
      if (msg.type === 'ready') setReady(true);
      else if (msg.type === 'openTransfer' && msg.venueCode === code) setTransferring(true);
      else if (msg.type === 'balanceChanged') {
        void queryClient.invalidateQueries({ queryKey: ['wallet'] });
        void queryClient.invalidateQueries({ queryKey: ['venues', 'frameBalance', code] });
      } else if (msg.type === 'relaunch') {
        // Debounced by the proxy (1 s); the page reopens on its new session.
        relaunchRef.current();
      }
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [code, origin, queryClient]);

  // Leaving with 免转 on brings the venue's balance home (a fresh key: one recall per leave);
  // a venue that cannot be asked keeps the money, and the member is told so.
  useEffect(() => {
    if (!code || !appSendMoney) return;
    return () => {
      void api
        .call('transferRecall', { body: { venueCode: code }, idempotencyKey: generateUuidV4() })
        .then((r) => {
          if (r.unreachable.length > 0)
            showToast(
              t('recallUnreachable', { names: r.unreachable.map((u) => u.venueName).join('、') }),
            );
          return queryClient.invalidateQueries({ queryKey: ['wallet'] });
        })
        .catch(() => undefined);
    };
  }, [code, appSendMoney, queryClient, t]);

  // Money moved in: the venue page is told to reload its balance (to its origin only).
  useEffect(() => {
    if (notified === 0 || !origin) return;
    frame.current?.contentWindow?.postMessage(
      { source: 'nebula-site', type: 'transferDone' },
      origin,
    );
    void queryClient.invalidateQueries({ queryKey: ['venues', 'frameBalance', code] });
  }, [notified, origin, code, queryClient]);

  if (target === 'invalid') return <>{notFound}</>;
  if (!current || !config) return <PageSkeleton lines={6} height={400} />;

  const back = () => {
    const state = window.history.state as { idx?: number } | null;
    if (typeof state?.idx === 'number' && state.idx > 0) void navigate(-1);
    else void navigate('/', { replace: true });
  };
  const transferDone = () => setNotified((n) => n + 1);

  return (
    <div className="nb-frame">
      <header className="nb-frame__bar">
        <button type="button" className="nb-frame__back" onClick={back} aria-label={t('back')}>
          <LeftOutline />
        </button>
        <h1 className="nb-frame__name">{current.venue.name}</h1>
        <span className="nb-frame__balances">
          <span className="nb-frame__balance" data-testid="frame-main-balance">
            {t('main')}
            {main.data ? <Money value={main.data.main} /> : '…'}
          </span>
          <span className="nb-frame__balance" data-testid="frame-venue-balance">
            {t('atVenue')}
            {atVenue.data ? <Money value={atVenue.data.balance} /> : '…'}
          </span>
        </span>
        <button type="button" className="nb-frame__transfer" onClick={() => setTransferring(true)}>
          {t('transfer')}
        </button>
      </header>
      {(!ready || stale) && <p className="nb-frame__loading">{t('loadingVenue')}</p>}
      {!stale && (
        <iframe
          key={current.url}
          ref={frame}
          className="nb-frame__page"
          title={current.venue.name}
          src={current.url}
          // Scripts and its own origin for the venue's page; never our top window.
          sandbox="allow-scripts allow-same-origin allow-forms allow-popups"
          referrerPolicy="no-referrer"
          onLoad={onFrameLoad}
        />
      )}
      {transferSheet({
        venue: { code: current.venue.code, name: current.venue.name },
        visible: transferring,
        onClose: () => setTransferring(false),
        onDone: transferDone,
      })}
    </div>
  );
}
