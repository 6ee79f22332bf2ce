import { emptyObject } from './core/common';
import type { routeMeta } from './route-meta';
import { siteRoutes } from './site/site.routes';
import { authRoutes } from './auth/auth.routes';
import { memberRoutes } from './member/member.routes';
import { adminRoutes } from './admin/admin.routes';
import { walletRoutes } from './wallet/wallet.routes';
import { chatRoutes } from './chat/chat.routes';
import { venueRoutes } from './venues/venues.routes';
import { helpAndServiceRoutes } from './help-and-service/help-and-service.routes';
import { rewardsRoutes } from './rewards/rewards.routes';
import { demoRoutes } from './demo/demo.routes';
import { activityRoutes } from './activity/activity.routes';
import { mallRoutes } from './mall/mall.routes';
import { flipAndFriendsRoutes } from './activity/flip-and-friends.routes';
import { responsibleGamingRoutes } from './responsible-gaming/responsible-gaming.routes';
import { agentRoutes } from './agent/agent.routes';
import { reportsRoutes } from './reports/reports.routes';
import { houseVenueRoutes } from './house-venue/house-venue.routes';
import { operatorsRoutes } from './operators/operators.routes';
import { memberDetailRoutes } from './admin/member-detail.routes';
import { passkeysRoutes } from './operators/passkeys.routes';
import { listExportsRoutes } from './exports/list-exports.routes';
import { memberExportsRoutes } from './exports/member-exports.routes';
import { registryExportsRoutes } from './exports/registry-exports.routes';
import { contentRoutes } from './content/content.routes';
import { chatAdminRoutes } from './chat/chat-admin.routes';
import { houseVenueExportsRoutes } from './house-venue/house-venue-exports.routes';

/**
 * The API route table: every call with its request and response schemas, joined from one folder
 * per domain in the order of `routeMeta`. The server validates with it and generates the OpenAPI
 * document from it; the web is typed from it.
 */
export const routes = {
  ...siteRoutes,
  ...authRoutes,
  ...memberRoutes,
  ...adminRoutes,
  ...walletRoutes,
  ...chatRoutes,
  ...venueRoutes,
  ...helpAndServiceRoutes,
  ...rewardsRoutes,
  ...activityRoutes,
  ...responsibleGamingRoutes,
  ...demoRoutes,
  ...mallRoutes,
  ...flipAndFriendsRoutes,
  ...agentRoutes,
  ...reportsRoutes,
  ...houseVenueRoutes,
  ...operatorsRoutes,
  ...memberDetailRoutes,
  ...passkeysRoutes,
  ...listExportsRoutes,
  ...memberExportsRoutes,
  ...registryExportsRoutes,
  ...contentRoutes,
  ...chatAdminRoutes,
  ...houseVenueExportsRoutes,
} as const satisfies { [K in keyof typeof routeMeta]: unknown };

export type Routes = typeof routes;
export { emptyObject };
