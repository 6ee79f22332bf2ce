/**
 * Time as the services see it. Production uses the system clock; tests move a fake one to
 * expire sessions and codes without waiting. Services compare times in the app with this
 * clock and pass timestamps to SQL, so one clock rules both.
 */
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

export class FakeClock implements Clock {
  #offset = 0;
  now(): number {
    return Date.now() + this.#offset;
  }
  advance(ms: number): void {
    this.#offset += ms;
  }
}

/** The system clock moved by a fixed offset: the config's test-only `TEST_CLOCK_OFFSET_MS`. */
export function clockFor(offsetMs: number): Clock {
  return offsetMs === 0 ? systemClock : { now: () => Date.now() + offsetMs };
}
