/** 试玩 (docs/contract.md §6 Demo play): its settings' defaults; the schemas are the protocol's. */
export { demoSettingSchemas } from '@nebula/protocol/api/admin/site-settings.schemas';

export const DEMO_SETTING_DEFAULTS = {
  demoEnabled: true,
  demoSessionMinutes: 30,
  // The house venue's sportsbook and its game venues (the demo registry's codes).
  demoVenueCodes: ['FBTY', 'XYCP', 'XYZR', 'XYDZ'],
};
