import { FINGERPRINT_HASH_SEED, StorageKey } from '@nebula/protocol/constants/constants';
import { documentSurfaces, phoneTraits } from './fingerprint-traits';
import { nextTask } from './next-task';
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

function isPhone(nav: Navigator): boolean {
  return /Android|iPhone|iPad|iPod|Mobile|HarmonyOS/i.test(nav.userAgent);
}

type TraitsAnswer = { traits: string[] } | { failed: true };

/**
 * The phone traits from a worker, or null where a worker cannot draw (no OffscreenCanvas, no
 * workers, no answer in time). Off the page's thread they cost the page nothing: on it they were
 * one task of ~140 ms on a phone, the longest after the home page's start (docs/benchmarks.md,
 * "web").
 */
function traitsOffThread(timeoutMs: number): Promise<TraitsAnswer | null> {
  if (typeof Worker !== 'function' || typeof OffscreenCanvas !== 'function') {
    return Promise.resolve(null);
  }
  return new Promise((resolve) => {
    let worker: Worker;
    try {
      worker = new Worker(new URL('./fingerprint.worker.ts', import.meta.url), { type: 'module' });
    } catch {
      resolve(null);
      return;
    }
    const done = (answer: TraitsAnswer | null) => {
      clearTimeout(timer);
      worker.terminate();
      resolve(answer);
    };
    const timer = setTimeout(() => done(null), timeoutMs);
    worker.onmessage = (e: MessageEvent<TraitsAnswer>) => done(e.data);
    worker.onerror = () => done(null);
    worker.postMessage(null);
  });
}

export interface FingerprintEnv {
  win: Window;
  nav: Navigator;
  doc: Document;
  ip: string;
}

export async function collectFingerprintParts(env: FingerprintEnv): Promise<string[]> {
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
  if (isPhone(nav)) {
    const answer = await traitsOffThread(5000);
    if (answer && 'failed' in answer) throw new Error('fingerprint traits failed');
    // Without a worker the page draws them, a task each, so none of them is one long task.
    parts.push(...(answer ? answer.traits : await phoneTraits(documentSurfaces(doc), nextTask)));
  }
  parts.push(ip);
  return parts;
}

function storedIp(): string {
  const ip = local.getJson<{ ip?: unknown }>(StorageKey.PreInfo)?.ip;
  return typeof ip === 'string' ? ip : '';
}

/** The fingerprint of this browser, or '' when anything about collecting it fails. */
export async function getFingerprint(env?: Partial<FingerprintEnv>): Promise<string> {
  try {
    return hashParts(
      await collectFingerprintParts({
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
