import type { RouteMeta } from './core/route';
import { siteRouteMeta } from './site/site.meta';
import { authRouteMeta } from './auth/auth.meta';
import { memberRouteMeta } from './member/member.meta';
import { adminRouteMeta } from './admin/admin.meta';
import { walletRouteMeta } from './wallet/wallet.meta';
import { chatRouteMeta } from './chat/chat.meta';
import { venueRouteMeta } from './venues/venues.meta';
import { helpAndServiceRouteMeta } from './help-and-service/help-and-service.meta';
import { rewardsRouteMeta } from './rewards/rewards.meta';
import { demoRouteMeta } from './demo/demo.meta';
import { activityRouteMeta } from './activity/activity.meta';
import { mallRouteMeta } from './mall/mall.meta';
import { flipAndFriendsRouteMeta } from './activity/flip-and-friends.meta';
import { responsibleGamingRouteMeta } from './responsible-gaming/responsible-gaming.meta';
import { agentRouteMeta } from './agent/agent.meta';
import { reportsRouteMeta } from './reports/reports.meta';
import { houseVenueRouteMeta } from './house-venue/house-venue.meta';
import { operatorsRouteMeta } from './operators/operators.meta';
import { memberDetailRouteMeta } from './admin/member-detail.meta';
import { passkeysRouteMeta } from './operators/passkeys.meta';
import { listExportsRouteMeta } from './exports/list-exports.meta';
import { memberExportsRouteMeta } from './exports/member-exports.meta';
import { registryExportsRouteMeta } from './exports/registry-exports.meta';
import { contentRouteMeta } from './content/content.meta';
import { chatAdminRouteMeta } from './chat/chat-admin.meta';
import { houseVenueExportsRouteMeta } from './house-venue/house-venue-exports.meta';

/**
 * Method, path and access of every API call, as plain data, joined from one folder per domain
 * in a fixed order (the OpenAPI document lists the calls in this order). `routes.ts` pairs each
 * entry with its schemas; the web's request client imports only this file so zod stays out of
 * its first chunk.
 */
export const routeMeta = {
  ...siteRouteMeta,
  ...authRouteMeta,
  ...memberRouteMeta,
  ...adminRouteMeta,
  ...walletRouteMeta,
  ...chatRouteMeta,
  ...venueRouteMeta,
  ...helpAndServiceRouteMeta,
  ...rewardsRouteMeta,
  ...activityRouteMeta,
  ...responsibleGamingRouteMeta,
  ...demoRouteMeta,
  ...mallRouteMeta,
  ...flipAndFriendsRouteMeta,
  ...agentRouteMeta,
  ...reportsRouteMeta,
  ...houseVenueRouteMeta,
  ...operatorsRouteMeta,
  ...memberDetailRouteMeta,
  ...passkeysRouteMeta,
  ...listExportsRouteMeta,
  ...memberExportsRouteMeta,
  ...registryExportsRouteMeta,
  ...contentRouteMeta,
  ...chatAdminRouteMeta,
  ...houseVenueExportsRouteMeta,
} as const satisfies Record<string, RouteMeta>;

export type RouteName = keyof typeof routeMeta;
