/**
 * Flood control per member (issue: chat): a token bucket (about 1 message a second, burst 5),
 * per-room slow mode, and repeated identical messages (3 within a minute) earn a short
 * automatic mute. State is per node; a member's sockets usually share a node.
 */
const RATE_PER_MS = 1 / 1000;
const BURST = 5;
const REPEAT_WINDOW_MS = 60_000;
const REPEAT_LIMIT = 3;
export const AUTO_MUTE_MS = 5 * 60_000;

interface MemberFlood {
  tokens: number;
  at: number;
  lastByRoom: Map<number, number>;
  recent: { text: string; at: number }[];
}

export type FloodVerdict = 'ok' | 'rate' | 'slow' | 'repeat';

export class FloodControl {
  readonly #members = new Map<number, MemberFlood>();

  check(
    memberId: number,
    roomId: number,
    slowModeSeconds: number,
    content: string,
    now: number,
  ): FloodVerdict {
    let m = this.#members.get(memberId);
    if (!m) {
      m = { tokens: BURST, at: now, lastByRoom: new Map(), recent: [] };
      this.#members.set(memberId, m);
    }
    m.tokens = Math.min(BURST, m.tokens + (now - m.at) * RATE_PER_MS);
    m.at = now;
    const last = m.lastByRoom.get(roomId);
    if (slowModeSeconds > 0 && last !== undefined && now - last < slowModeSeconds * 1000)
      return 'slow';
    if (m.tokens < 1) return 'rate';
    m.recent = m.recent.filter((r) => now - r.at < REPEAT_WINDOW_MS);
    const text = content.trim();
    if (m.recent.filter((r) => r.text === text).length + 1 >= REPEAT_LIMIT) {
      m.recent = [];
      return 'repeat';
    }
    m.tokens -= 1;
    m.lastByRoom.set(roomId, now);
    m.recent.push({ text, at: now });
    return 'ok';
  }

  forget(memberId: number): void {
    this.#members.delete(memberId);
  }
}
