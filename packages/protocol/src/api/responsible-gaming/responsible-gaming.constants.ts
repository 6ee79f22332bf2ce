/**
 * Responsible gambling (contract §5): the limits a member keeps, how loosening one waits, the
 * reality-check intervals offered and how often members are asked to review their limits.
 */

/** The limits that loosen in two steps (contract §5). */
export const LIMIT_KINDS = ['deposit', 'loss', 'wager', 'time'] as const;

/**
 * The limits on play, over rolling windows (PLAY_LIMIT_WINDOW_MS): loss and wager in fen; time
 * in minutes, carried like money (a time limit of 120 minutes is `'120.00'`, stored as 12000).
 */
export const PLAY_LIMIT_KINDS = ['loss', 'wager', 'time'] as const;

/** The rolling window each period of a loss, wager or time limit looks back over. */
export const PLAY_LIMIT_WINDOW_MS = {
  day: 24 * 3600 * 1000,
  week: 7 * 24 * 3600 * 1000,
  month: 30 * 24 * 3600 * 1000,
} as const;

/** Two signs of play further apart than this start a new stretch of play time. */
export const PLAY_TIME_GAP_MS = 10 * 60 * 1000;

/** After the cooling-off, a request may be confirmed for this long, then it expires. */
export const LIMIT_CONFIRM_WINDOW_MS = 7 * 24 * 3600 * 1000;

/** Reality-check intervals a member may choose, in minutes (0: off). */
export const REALITY_CHECK_MINUTES = [0, 15, 30, 60, 120] as const;

/** Members are reminded to review their limits when they have not for this many days. */
export const LIMITS_REVIEW_DAYS = 182;
