/**
 * The site's texts: catalogues by namespace, a key lookup and `{{name}}` interpolation.
 *
 * The site used i18next for this and nothing more (one language, no plural forms — Chinese has
 * none —, no nesting, no formatters), and i18next with its React binding was 17 KiB gzip of the
 * home page's first-route JavaScript, evaluated before anything else could run
 * (docs/benchmarks.md, "web"). This keeps i18next's answers for what the site asks
 * (translator.test.ts holds it to i18next over every catalogue), and i18next's types still type
 * the keys (i18next.d.ts).
 */

/** A catalogue: texts by key, nested by the key's dotted parts. */
export interface Catalogue {
  readonly [key: string]: unknown;
}

/** What a call to `t` may pass besides the key. */
export interface TranslateOptions {
  /** The namespace, when the key does not name one (`ns:key`). */
  ns?: string;
  /** Return a nested object or array (its texts interpolated) instead of refusing it. */
  returnObjects?: boolean;
  /** The text for a key no catalogue has. */
  defaultValue?: unknown;
  /** Everything else: the values of the `{{name}}` placeholders. */
  [variable: string]: unknown;
}

const catalogues = new Map<string, Catalogue>();
let defaultVariables: Record<string, unknown> = {};

/** Adds (or extends) namespaces; a later text for the same key wins. */
export function addCatalogues(resources: Readonly<Record<string, Catalogue>>): void {
  for (const [ns, bundle] of Object.entries(resources))
    catalogues.set(ns, merge(catalogues.get(ns) ?? {}, bundle));
}

function merge(into: Catalogue, from: Catalogue): Catalogue {
  const out: Record<string, unknown> = { ...into };
  for (const [key, value] of Object.entries(from)) {
    const prev = out[key];
    out[key] = isTree(prev) && isTree(value) ? merge(prev, value) : value;
  }
  return out;
}

const isTree = (value: unknown): value is Catalogue =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Values every text may use without the caller passing them (the currency's name). */
export function setDefaultVariables(variables: Record<string, unknown>): void {
  defaultVariables = { ...variables };
}

export function getDefaultVariables(): Readonly<Record<string, unknown>> {
  return defaultVariables;
}

const PLACEHOLDER = /\{\{\s*([^{}]+?)\s*\}\}/g;

/**
 * Fills `{{name}}`: a value given (or a default variable) as text, null or undefined given
 * explicitly as empty, an unknown name left as written (as i18next does).
 */
function interpolate(text: string, options: TranslateOptions | undefined): string {
  if (!text.includes('{{')) return text;
  return text.replace(PLACEHOLDER, (whole, name: string) => {
    const own = options !== undefined && Object.hasOwn(options, name);
    const value = own ? options[name] : defaultVariables[name];
    if (!own && !Object.hasOwn(defaultVariables, name)) return whole;
    if (value === null || value === undefined) return '';
    // Texts take strings and numbers (a number prints as i18next prints it).
    return typeof value === 'string' ? value : JSON.stringify(value);
  });
}

function deepInterpolate(value: unknown, options: TranslateOptions | undefined): unknown {
  if (typeof value === 'string') return interpolate(value, options);
  if (Array.isArray(value)) return value.map((v) => deepInterpolate(v, options));
  if (isTree(value))
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, deepInterpolate(v, options)]),
    );
  return value;
}

function lookup(ns: string, key: string): unknown {
  let node: unknown = catalogues.get(ns);
  for (const part of key.split('.')) {
    if (!isTree(node) && !Array.isArray(node)) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

/** `ns:key` names its namespace; a plain key is looked up in `ns`. */
function split(key: string, ns: string): [string, string] {
  const at = key.indexOf(':');
  return at > 0 ? [key.slice(0, at), key.slice(at + 1)] : [ns, key];
}

/**
 * One translation, as i18next answers it: the first of the keys found (text interpolated),
 * else the default value, else the last key without its namespace.
 */
export function translate(
  ns: string,
  keys: string | readonly string[],
  options?: TranslateOptions,
): unknown {
  const list = typeof keys === 'string' ? [keys] : keys;
  for (const key of list) {
    const [space, path] = split(key, options?.ns ?? ns);
    const found = lookup(space, path);
    if (found === undefined || found === null) continue;
    if (typeof found === 'string') return interpolate(found, options);
    if (typeof found !== 'object') return found;
    if (options?.returnObjects) return deepInterpolate(found, options);
    return `key '${path} (zh-CN)' returned an object instead of string.`;
  }
  if (options?.defaultValue !== undefined) return deepInterpolate(options.defaultValue, options);
  const last = list[list.length - 1] ?? '';
  return split(last, ns)[1];
}
