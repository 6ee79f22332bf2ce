import { DEMO_PLAY_PATH } from '../../../site/paths';

/** The families the house venue offers for 试玩, in the order /demo shows them. */
export const DEMO_FAMILY_ORDER = ['TY', 'CP', 'ZR', 'DZ'] as const;

/** `/demo/play/:venueCode`: the demo frame route of a venue. */
export const demoPlayPath = (venueCode: string): string =>
  DEMO_PLAY_PATH.replace(':venueCode', encodeURIComponent(venueCode));
