import { z } from 'zod';

/**
 * What a text field may hold (contract §2.9). Control characters reach databases and logs
 * as they are: PostgreSQL refuses U+0000 outright (a 500 if it gets that far), and the others
 * (bidi tricks aside) only ever come from a forged request. Refused everywhere: C0 controls,
 * DEL, C1 controls, and lone surrogates (half an emoji: not a character at all). A multi-line
 * field also takes `\n` and `\t`, with CRLF and lone CR normalised to `\n` first.
 */
// Control characters are the point of these patterns.
// eslint-disable-next-line no-control-regex
const SINGLE_LINE_BAD = /[\u0000-\u001F\u007F-\u009F]|\p{Cs}/u;
// eslint-disable-next-line no-control-regex
const MULTI_LINE_BAD = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]|\p{Cs}/u;

export function isSingleLineText(value: string): boolean {
  return !SINGLE_LINE_BAD.test(value);
}

export function isMultiLineText(value: string): boolean {
  return !MULTI_LINE_BAD.test(value);
}

export function normaliseNewlines(value: string): string {
  return value.replace(/\r\n?/g, '\n');
}

/** Marks a schema as checked, so a test can prove every request string carries the check. */
export const TEXT_CHECKED = 'x-text';

/** A single-line text field: `text().trim().min(1).max(40)` as with `z.string()`. */
export function text() {
  return z
    .string()
    .refine(isSingleLineText, { message: '含有不允许的控制字符', abort: true })
    .meta({ [TEXT_CHECKED]: 'line' });
}

/** A multi-line text field (feedback, chat): `\n` and `\t` allowed, CRLF normalised. */
export function multilineText() {
  return z
    .string()
    .overwrite(normaliseNewlines)
    .refine(isMultiLineText, { message: '含有不允许的控制字符', abort: true })
    .meta({ [TEXT_CHECKED]: 'multi' });
}

/**
 * Whether every key and string inside a free-form JSON value is clean text (keys on one line,
 * values on several): such a value is stored as it comes (a webTerminal report), and
 * PostgreSQL's jsonb refuses `\u0000` anywhere in it.
 */
export function isCleanJson(value: unknown, depth = 0): boolean {
  if (depth > 64) return false;
  if (typeof value === 'string') return isMultiLineText(value);
  if (Array.isArray(value)) return value.every((item) => isCleanJson(item, depth + 1));
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).every(
      ([key, item]) => isSingleLineText(key) && isCleanJson(item, depth + 1),
    );
  }
  return true;
}
