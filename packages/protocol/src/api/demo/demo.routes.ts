import { defineRoute } from '../core/route';
import { demoRouteMeta as m } from './demo.meta';
import {
  DemoBalance,
  DemoInfo,
  DemoLaunchRequest,
  DemoLaunchResult,
  DemoWalletRequest,
} from './demo.schemas';

/** The 试玩 calls' schemas (contract §6 Demo play), spread into the route table. */
export const demoRoutes = {
  demoInfo: defineRoute(m.demoInfo, { response: DemoInfo }),
  demoLaunch: defineRoute(m.demoLaunch, { body: DemoLaunchRequest, response: DemoLaunchResult }),
  demoBalance: defineRoute(m.demoBalance, { body: DemoWalletRequest, response: DemoBalance }),
  demoReset: defineRoute(m.demoReset, { body: DemoWalletRequest, response: DemoBalance }),
};
