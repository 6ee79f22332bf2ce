import type { VenueView } from '@nebula/protocol/api/venues/venues.schemas';
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { api } from '../../../client/api';
import { showToast } from '../../../components/ui/toast';
import { useTranslation } from '../../../i18n/use-translation';
import { useSessionStore } from '../../../session/session.store';
import { loginPathFor } from '../../../site/paths';
import { openVenue } from '../model/open-venue';

/** The member's 免转 switch (false for visitors and until it loads). */
export function useAppSendMoney(): boolean {
  const token = useSessionStore((s) => s.token);
  const prefs = useQuery({
    queryKey: ['wallet', token, 'transferPrefs'],
    queryFn: () => api.call('transferPrefs'),
    enabled: token !== null,
  });
  return prefs.data?.appSendMoney ?? false;
}

/**
 * 进入 a venue: a visitor goes to login first (and comes back); a member's launch carries their
 * 免转 switch (and, for a house game venue, the game to open) and opens the venue's frame (or a
 * new window). A venue 免转 could not recall from is named in a toast: its money stays there.
 */
export function useEnterVenue(): (
  venue: VenueView,
  selections?: string[],
  gameCode?: string,
) => Promise<void> {
  const navigate = useNavigate();
  const location = useLocation();
  const token = useSessionStore((s) => s.token);
  const appSendMoney = useAppSendMoney();
  const { t } = useTranslation('venues');
  return useCallback(
    async (venue, selections, gameCode) => {
      if (!token) {
        void navigate(loginPathFor(location.pathname + location.search));
        return;
      }
      const unreachable = await openVenue(venue, {
        appSendMoney,
        selections,
        gameCode,
        navigate: (to) => void navigate(to),
      });
      if (unreachable.length > 0)
        showToast(
          t('recallUnreachable', { names: unreachable.map((u) => u.venueName).join('、') }),
        );
    },
    [token, navigate, location.pathname, location.search, appSendMoney, t],
  );
}
