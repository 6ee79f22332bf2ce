/**
 * Responsible gambling (contract §5): the limits a member keeps, how loosening one waits, the
 * reality-check intervals offered and how often members are asked to review their limits.
 */

/** The limits that loosen in two steps; the loss, wager and time limits join this list. */
export const LIMIT_KINDS = ['deposit'] as const;

/** After the cooling-off, a request may be confirmed for this long, then it expires. */
export const LIMIT_CONFIRM_WINDOW_MS = 7 * 24 * 3600 * 1000;

/** Reality-check intervals a member may choose, in minutes (0: off). */
export const REALITY_CHECK_MINUTES = [0, 15, 30, 60, 120] as const;

/** Members are reminded to review their limits when they have not for this many days. */
export const LIMITS_REVIEW_DAYS = 182;
