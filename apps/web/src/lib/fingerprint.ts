import { FINGERPRINT_HASH_SEED, StorageKey } from '@nebula/protocol/constants/constants';
import { local } from './storage';

/**
 * Device fingerprint (contract §8.2): a 32-bit multiplicative hash (seed 31) over traits of the
 * browser, plus the caller IP from pre-info. It is a risk signal sent with logins, not an id:
 * collisions are fine, stability across reloads is what matters.
 */

export function hashParts(parts: readonly string[]): string {
  const text = parts.join('|');
  let h = 0;
  for (let i = 0; i < text.length; i += 1) {
    // Math.imul keeps the multiply in 32 bits; `| 0` wraps the sum the same way.
    h = (Math.imul(h, FINGERPRINT_HASH_SEED) + text.charCodeAt(i)) | 0;
  }
  return (h >>> 0).toString(16).padStart(8, '0');
}

const PROBE_FONTS = [
  'PingFang SC',
  'Hiragino Sans GB',
  'Microsoft YaHei',
  'Noto Sans CJK SC',
  'Heiti SC',
  'Roboto',
  'Arial',
];

function isPhone(nav: Navigator): boolean {
  return /Android|iPhone|iPad|iPod|Mobile|HarmonyOS/i.test(nav.userAgent);
}

function canvasTrait(doc: Document): string {
  const canvas = doc.createElement('canvas');
  canvas.width = 200;
  canvas.height = 40;
  const ctx = canvas.getContext('2d');
  if (!ctx) return '';
  ctx.textBaseline = 'top';
  ctx.font = '14px sans-serif';
  ctx.fillStyle = '#f60';
  ctx.fillRect(100, 1, 60, 20);
  ctx.fillStyle = '#069';
  ctx.fillText('Nebula,\u00e9\u4f60\u597d', 2, 15);
  return canvas.toDataURL();
}

function fontsTrait(doc: Document): string {
  const ctx = doc.createElement('canvas').getContext('2d');
  if (!ctx) return '';
  const widthWith = (font: string) => {
    ctx.font = `16px ${font}`;
    return ctx.measureText('mmmwwwlli\u4e2d\u6587').width;
  };
  const base = widthWith('monospace');
  return PROBE_FONTS.filter((font) => widthWith(`'${font}', monospace`) !== base).join(',');
}

function webglTrait(doc: Document): string {
  const gl = doc.createElement('canvas').getContext('webgl');
  if (!gl) return '';
  const info = gl.getExtension('WEBGL_debug_renderer_info');
  const vendor = String(gl.getParameter(info ? info.UNMASKED_VENDOR_WEBGL : gl.VENDOR));
  const renderer = String(gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER));
  return `${vendor}~${renderer}`;
}

export interface FingerprintEnv {
  win: Window;
  nav: Navigator;
  doc: Document;
  ip: string;
}

export function collectFingerprintParts(env: FingerprintEnv): string[] {
  const { win, nav, doc, ip } = env;
  const screen = win.screen;
  const parts = [
    `${screen.width}x${screen.height}`,
    String(screen.colorDepth),
    String(new Date().getTimezoneOffset()),
    nav.platform,
    String(nav.maxTouchPoints > 0 || 'ontouchstart' in win),
    String(win.devicePixelRatio),
  ];
  // Desktop canvases differ with every driver update; only phones are stable enough to use them.
  if (isPhone(nav)) parts.push(canvasTrait(doc), fontsTrait(doc), webglTrait(doc));
  parts.push(ip);
  return parts;
}

function storedIp(): string {
  const ip = local.getJson<{ ip?: unknown }>(StorageKey.PreInfo)?.ip;
  return typeof ip === 'string' ? ip : '';
}

/** The fingerprint of this browser, or '' when anything about collecting it fails. */
export function getFingerprint(env?: Partial<FingerprintEnv>): string {
  try {
    return hashParts(
      collectFingerprintParts({
        win: env?.win ?? window,
        nav: env?.nav ?? navigator,
        doc: env?.doc ?? document,
        ip: env?.ip ?? storedIp(),
      }),
    );
  } catch {
    return '';
  }
}
