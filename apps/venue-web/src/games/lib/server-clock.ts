/**
 * The venue's clock as the games page sees it (docs/contract.md §10.10: countdowns run on the
 * venue's `serverTime`, never on the device's clock). Each games list carries `serverTime`; the
 * page keeps it with the monotonic time of the answer (halfway through the call), so a device
 * clock that is wrong or jumps never moves a countdown.
 */
let base: { server: number; mono: number } | null = null;

const mono = (): number => performance.now();

/** Records the venue's time from an answer that was asked for at `sentAt` (monotonic ms). */
export function syncServerTime(serverTime: number, sentAt: number, receivedAt = mono()): void {
  base = { server: serverTime, mono: (sentAt + receivedAt) / 2 };
}

/** The venue's time now (the device's until the first answer). */
export function serverNow(): number {
  return base ? base.server + (mono() - base.mono) : Date.now();
}

export const monoNow = mono;
