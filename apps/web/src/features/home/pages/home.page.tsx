import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { api } from '../../../client/api';
import { refreshPreInfo } from '../../../site/pre-info.store';
import { BannerCarousel } from '../components/banner-carousel';
import { ChatEntry } from '../components/chat-entry';
import { FloatIcon } from '../components/float-icon';
import { GameFamilies } from '../components/game-families';
import type { FamilyKey } from '../components/families';
import { NoticeStrip } from '../components/notice-strip';
import { PullArea } from '../components/pull-area';
import { QuickActions } from '../components/quick-actions';
import { useHomePops } from '../hooks/use-home-pops';
import './home.css';

const HOME_QUERIES = ['stationAdList', 'noticeList', 'namingList', 'suspensionIcon'];

/**
 * Home (design "Home"): banners, notices, quick actions, the chat room entry, game families,
 * float icon, pops.
 */
export function HomePage({ familyPane }: { familyPane?: (family: FamilyKey) => ReactNode }) {
  const queryClient = useQueryClient();
  useHomePops();

  const refresh = async () => {
    await Promise.all([
      refreshPreInfo(api),
      ...HOME_QUERIES.map((key) => queryClient.refetchQueries({ queryKey: [key] })),
    ]);
  };

  return (
    <>
      <PullArea onRefresh={refresh}>
        <div className="nb-home">
          <BannerCarousel />
          <NoticeStrip />
          <QuickActions />
          <ChatEntry />
          <GameFamilies pane={familyPane} />
        </div>
      </PullArea>
      {/* Outside the pull area: its transform would break position: fixed. */}
      <FloatIcon />
    </>
  );
}
