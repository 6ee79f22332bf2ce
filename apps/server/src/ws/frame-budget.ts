import { MessageId } from '@nebula/protocol';
import { setBounded } from '../lib/bounded-map';

/**
 * What a socket may send: a token bucket per socket. A member's page sends a heartbeat every
 * 5 s, a join or two and some scroll-back; 2,000 history frames in 3 s (which stalled a node)
 * are a flood. Every frame spends from the bucket before any work is done for it.
 */
export const FRAME_BUDGET = { capacity: 100, refillPerSecond: 10 } as const;

/** Frames that make the node work harder cost more than one. */
const COST: Partial<Record<number, number>> = {
  [MessageId.ChatHistory]: 4,
  [MessageId.JoinRoom]: 2,
  [MessageId.LeaveRoom]: 2,
};

export function frameCost(msgId: number): number {
  return COST[msgId] ?? 1;
}

const MSG_ID_HEAD = /^\s*\{\s*"msgId"\s*:\s*(-?\d{1,6})\b/;

/**
 * The msgId at the head of a text frame without parsing it (a frame refused by the budget is not
 * worth a parse), or -1 when it does not start that way. Only names the frame in a refusal.
 */
export function msgIdOf(data: Buffer): number {
  const m = MSG_ID_HEAD.exec(data.toString('latin1', 0, Math.min(data.length, 32)));
  return m ? Number(m[1]) : -1;
}

export class FrameBudget {
  #tokens: number = FRAME_BUDGET.capacity;
  #at: number;

  constructor(now: number) {
    this.#at = now;
  }

  /** Takes `cost` tokens if there are enough (refilled for the time passed); false when spent. */
  spend(cost: number, now: number): boolean {
    const refill = ((now - this.#at) / 1000) * FRAME_BUDGET.refillPerSecond;
    this.#tokens = Math.min(FRAME_BUDGET.capacity, this.#tokens + Math.max(0, refill));
    this.#at = now;
    if (this.#tokens < cost) return false;
    this.#tokens -= cost;
    return true;
  }
}

/** Floods per address: three flood closes within ten minutes refuse the address's sockets. */
export const FLOOD_STRIKES = 3;
export const FLOOD_WINDOW_MS = 10 * 60 * 1000;
export const CLOSE_POLICY = 1008;

/** Flood closes per address in a rolling window; an address past its strikes is refused. */
export class FloodStrikes {
  readonly #byIp = new Map<string, { strikes: number; since: number }>();

  refused(ip: string, now: number): boolean {
    const f = this.#byIp.get(ip);
    return f !== undefined && f.strikes >= FLOOD_STRIKES && now - f.since < FLOOD_WINDOW_MS;
  }

  strike(ip: string, now: number): void {
    const previous = this.#byIp.get(ip);
    const fresh = !previous || now - previous.since >= FLOOD_WINDOW_MS;
    setBounded(
      this.#byIp,
      ip,
      fresh ? { strikes: 1, since: now } : { strikes: previous.strikes + 1, since: previous.since },
      10_000,
    );
  }
}
