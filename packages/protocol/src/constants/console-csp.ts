/**
 * The operator console's CSP nonce placeholder (docs/architecture.md, "Operator console"): the
 * console's build writes it wherever a nonce goes (Vite's `html.cspNonce`: a
 * `<meta property="csp-nonce">` and its own tags), and whoever serves index.html replaces it
 * with a fresh random nonce per response, the same one its `style-src-elem` names.
 */
export const CONSOLE_CSP_NONCE_PLACEHOLDER = 'NEBULA_CONSOLE_CSP_NONCE';
