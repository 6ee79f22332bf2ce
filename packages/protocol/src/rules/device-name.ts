/**
 * A member-facing name for a device from its user agent: "iPhone · Safari", "Android · Chrome",
 * "Windows · Edge" (never a raw string, "seed" or a bare "浏览器"). The server labels
 * trusted devices with it and the site names login records with it, so both say the same.
 */
const SYSTEMS: [RegExp, string][] = [
  [/iPad/, 'iPad'],
  [/iPhone|iPod/, 'iPhone'],
  [/HarmonyOS|OpenHarmony/, '鸿蒙'],
  [/Android/, 'Android'],
  [/Windows/, 'Windows'],
  [/Macintosh|Mac OS X/, 'Mac'],
  [/CrOS/, 'ChromeOS'],
  [/Linux|X11/, 'Linux'],
];

const BROWSERS: [RegExp, string][] = [
  [/MicroMessenger/, '微信'],
  [/\bQQ\/|MQQBrowser|QQBrowser/, 'QQ'],
  [/UCBrowser|UCWEB/, 'UC'],
  [/SamsungBrowser/, 'Samsung'],
  [/HuaweiBrowser/, '华为浏览器'],
  [/MiuiBrowser/, '小米浏览器'],
  [/EdgA?\/|EdgiOS\/|Edg\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\/|Chromium\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];

export const UNKNOWN_DEVICE_NAME = '未知设备';

const first = (table: [RegExp, string][], ua: string) =>
  table.find(([pattern]) => pattern.test(ua))?.[1];

export function deviceName(userAgent: string | null | undefined): string {
  const ua = userAgent ?? '';
  const parts = [first(SYSTEMS, ua), first(BROWSERS, ua)].filter(Boolean);
  return parts.length > 0 ? parts.join(' · ') : UNKNOWN_DEVICE_NAME;
}
