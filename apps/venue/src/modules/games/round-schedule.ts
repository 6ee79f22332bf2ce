/**
 * The draw calendar of a timed game (docs/contract.md §10.10): draw n of day D (Asia/Shanghai,
 * UTC+8 all year) is at D 00:00 + n × interval, and its 期号 is `YYYYMMDD` + n in four digits
 * (more when a test interval makes more than 9,999 draws a day). The last draw of D is at
 * 24:00 and still belongs to D. Betting on a draw opens when the previous one is drawn and
 * closes `sealBefore` seconds before its own draw.
 */
const SHANGHAI_OFFSET_MS = 8 * 3600_000;
const DAY_MS = 86_400_000;

export interface GameTiming {
  roundSeconds: number;
  sealBeforeSeconds: number;
}

export interface Slot {
  roundNo: string;
  /** The previous draw's time: betting opens once that draw is drawn. */
  opensAt: number;
  sealAt: number;
  drawAt: number;
}

const intervalOf = (t: GameTiming): number => {
  const ms = t.roundSeconds * 1000;
  if (!Number.isInteger(t.roundSeconds) || t.roundSeconds < 1 || DAY_MS % ms !== 0) {
    throw new RangeError('a round interval is a whole number of seconds dividing a day');
  }
  return ms;
};

/** The slot whose draw is at `drawAt` (a draw time of the calendar). */
export function slotOf(drawAt: number, t: GameTiming): Slot {
  const interval = intervalOf(t);
  const local = drawAt + SHANGHAI_OFFSET_MS;
  if (local % interval !== 0) throw new RangeError('not a draw time of this calendar');
  // 24:00 belongs to the day before: take the day of the instant just before the draw.
  const dayStart = Math.floor((local - 1) / DAY_MS) * DAY_MS;
  const n = (local - dayStart) / interval;
  const date = new Date(dayStart).toISOString().slice(0, 10).replaceAll('-', '');
  const width = Math.max(4, String(DAY_MS / interval).length);
  return {
    roundNo: `${date}${String(n).padStart(width, '0')}`,
    opensAt: drawAt - interval,
    sealAt: drawAt - t.sealBeforeSeconds * 1000,
    drawAt,
  };
}

/** The first slot still taking bets at `now` (now < its sealAt). */
export function currentSlot(now: number, t: GameTiming): Slot {
  const interval = intervalOf(t);
  let drawAt =
    Math.floor((now + SHANGHAI_OFFSET_MS) / interval) * interval + interval - SHANGHAI_OFFSET_MS;
  if (now >= drawAt - t.sealBeforeSeconds * 1000) drawAt += interval;
  return slotOf(drawAt, t);
}

/**
 * The placement rule: a round takes bets only while it is open and now is before its sealAt,
 * whatever its stored status says (a seal the clock has not written yet still closes it).
 */
export function acceptsBets(round: { status: string; sealAt: number }, now: number): boolean {
  return round.status === 'open' && now < round.sealAt;
}
