/**
 * The first-screen data the platform embeds in the page it serves, as a non-executable
 * `<script type="application/json">` block (the CSP forbids inline scripts, not data). The site
 * starts from it instead of waiting for its first calls, and still refreshes it from the API.
 * Type-only imports: the site reads this without pulling zod into its start-up chunk.
 */
import type { PreInfo } from '../api/site/site.schemas';
import type { Notice, StationAd, SuspensionIcon } from '../api/site/content.schemas';

/** The id of the data block in the served HTML. */
export const BOOT_DATA_ELEMENT_ID = 'nb-boot-data';

/** The home page's first screen, as its calls answer it. */
export interface BootHome {
  /** queryStationAdList */
  stationAds: StationAd[];
  /** queryNoticeList, the marquee category (1). */
  marquee: Notice[];
  /** activityShow/suspensionIcon for phones (displayEquipment 1). */
  suspensionIcons: SuspensionIcon[];
}

export interface BootData {
  /** Pre-info as the preInfo call answers this visitor (the ip is the visitor's). */
  preInfo: PreInfo;
  /** Only on the home page, and only while the site is open (the calls would refuse it otherwise). */
  home: BootHome | null;
}
