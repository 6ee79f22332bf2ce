/**
 * Escaping for the HTML the platform renders itself (the member site's first screen). Operator
 * text (site title, banner titles, notices) goes into that page, so it is escaped for the
 * exact place it lands.
 */

const HTML_SPECIALS = /[&<>"']/g;
const HTML_ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text content or a quoted attribute value: nothing in it can close or open markup. */
export function escapeHtml(text: string): string {
  return text.replace(HTML_SPECIALS, (c) => HTML_ENTITIES[c] ?? c);
}

// Inside <script> the HTML parser only looks for `</script` (and `<!--`), and a JSON string may
// hold U+2028/2029 raw, which older JavaScript parsers treat as line ends. Escaping `<`, `>`,
// `&` and both separators as \uXXXX keeps the JSON identical once parsed and leaves no
// sequence that could end the block or start a comment.
const SCRIPT_UNSAFE = /[<>&\u2028\u2029]/g;

/** JSON for a `<script type="application/json">` block (JSON.parse gives back the value). */
export function jsonForScript(value: unknown): string {
  const json = JSON.stringify(value);
  if (json === undefined) throw new TypeError('value has no JSON form');
  return json.replace(SCRIPT_UNSAFE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
