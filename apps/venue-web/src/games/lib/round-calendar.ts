/**
 * The draw calendar of a timed game, as docs/contract.md §10.10 states it: draw n of day D
 * (Asia/Shanghai, UTC+8 all year) is at D 00:00 + n × interval and its 期号 is `YYYYMMDD` + n
 * in four digits (more when a test interval makes more draws a day); 24:00 belongs to D. The
 * page uses it only to name the next 期号 while a round is sealed (已封盘).
 */
const SHANGHAI_OFFSET_MS = 8 * 3600_000;
const DAY_MS = 86_400_000;

/** The 期号 of the draw at `drawAt` with draws every `roundSeconds`. */
export function roundNoAt(drawAt: number, roundSeconds: number): string {
  const interval = roundSeconds * 1000;
  const local = drawAt + SHANGHAI_OFFSET_MS;
  const dayStart = Math.floor((local - 1) / DAY_MS) * DAY_MS;
  const n = Math.round((local - dayStart) / interval);
  const date = new Date(dayStart).toISOString().slice(0, 10).replaceAll('-', '');
  const width = Math.max(4, String(DAY_MS / interval).length);
  return `${date}${String(n).padStart(width, '0')}`;
}

/** The 期号 after the round drawn at `drawAt`. */
export function nextRoundNo(drawAt: number, roundSeconds: number): string {
  return roundNoAt(drawAt + roundSeconds * 1000, roundSeconds);
}
