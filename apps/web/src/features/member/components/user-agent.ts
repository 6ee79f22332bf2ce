/**
 * A short "browser · system" for a user agent: login records carry the raw string, which is
 * too long for a phone row and says little to a member at a glance. Product names only, so
 * there is nothing to translate; null when neither is recognised.
 */
const SYSTEMS: [RegExp, string][] = [
  [/HarmonyOS/, 'HarmonyOS'],
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Android/, 'Android'],
  [/Windows/, 'Windows'],
  [/Macintosh|Mac OS X/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

const BROWSERS: [RegExp, string][] = [
  [/MicroMessenger/, 'WeChat'],
  [/QQBrowser|MQQBrowser/, 'QQ'],
  [/UCBrowser/, 'UC'],
  [/EdgA?\/|Edg\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];

const first = (table: [RegExp, string][], ua: string) =>
  table.find(([pattern]) => pattern.test(ua))?.[1];

export function summariseUserAgent(ua: string): string | null {
  const parts = [first(BROWSERS, ua), first(SYSTEMS, ua)].filter(Boolean);
  return parts.length > 0 ? parts.join(' · ') : null;
}
