/**
 * contract §8.4 string length: a character above code 255 counts as 2 (roughly its width on screen:
 * CJK and emoji are wide). Strings are walked by code point, so an emoji made of a surrogate
 * pair counts 2, not 4, and is never cut in half.
 */

function widthOf(char: string): number {
  return (char.codePointAt(0) ?? 0) > 255 ? 2 : 1;
}

export function displayLength(s: string): number {
  let length = 0;
  for (const char of s) length += widthOf(char);
  return length;
}

/**
 * The longest prefix of `s` whose display length is at most `max`. When `s` is cut, `ellipsis`
 * is appended and counted inside `max` (if even the ellipsis does not fit, it is cut too).
 * A wide character that would overflow is dropped whole rather than split.
 */
export function truncateToDisplayLength(s: string, max: number, ellipsis = ''): string {
  if (!Number.isInteger(max) || max < 0) throw new RangeError(`invalid max length ${max}`);
  if (displayLength(s) <= max) return s;
  const ellipsisLength = displayLength(ellipsis);
  if (ellipsisLength > max) return truncateToDisplayLength(ellipsis, max);
  return prefixWithin(s, max - ellipsisLength) + ellipsis;
}

function prefixWithin(s: string, budget: number): string {
  let used = 0;
  let out = '';
  for (const char of s) {
    const width = widthOf(char);
    if (used + width > budget) break;
    used += width;
    out += char;
  }
  return out;
}
