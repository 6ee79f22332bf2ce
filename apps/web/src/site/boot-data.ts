import { BOOT_DATA_ELEMENT_ID, type BootData } from '@nebula/protocol/page/boot-data';

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Only the shape the site relies on is checked (the server built it from the same calls); a
 * block that does not have it is ignored and the site asks the API, as without one.
 */
function isBootData(value: unknown): value is BootData {
  if (!isObject(value) || !isObject(value.preInfo)) return false;
  const { preInfo, home } = value;
  if (
    !isObject(preInfo.SiteBaseConfigVo) ||
    !isObject(preInfo.maintainConfig) ||
    typeof preInfo.ip !== 'string'
  ) {
    return false;
  }
  if (home === null) return true;
  return (
    isObject(home) &&
    Array.isArray(home.stationAds) &&
    Array.isArray(home.marquee) &&
    Array.isArray(home.suspensionIcons)
  );
}

/**
 * The first-screen data the platform put in the page (pre-info, and on the home page its
 * content), or null when the page has none (another server, the dev server) or it cannot be
 * read.
 */
export function readBootData(doc: Document = document): BootData | null {
  const text = doc.getElementById(BOOT_DATA_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    return isBootData(value) ? value : null;
  } catch {
    return null;
  }
}

let read: { data: BootData | null } | null = null;

/** The page's boot data, read once (the block never changes after the page loads). */
export function bootData(): BootData | null {
  read ??= { data: readBootData() };
  return read.data;
}

/** Tests only: forget what was read. */
export function resetBootData(): void {
  read = null;
}
