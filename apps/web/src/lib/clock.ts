/**
 * Server clock correction. The signature is refused more than 5 minutes off the server's clock
 * (contract §2), and phones are often wrong; a 10108 answer carries `serverTime` to fix it.
 */
let offsetMs = 0;

export function serverNow(): number {
  return Date.now() + offsetMs;
}

export function setServerTime(serverTime: number): void {
  offsetMs = serverTime - Date.now();
}

export function clockOffset(): number {
  return offsetMs;
}

export function resetClock(): void {
  offsetMs = 0;
}
