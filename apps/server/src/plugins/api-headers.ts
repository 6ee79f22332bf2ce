/** What every JSON answer carries: the API never needs a CSP, only these (every byte is paid per call). */
export const API_HEADERS: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  'cache-control': 'no-store',
  'cross-origin-resource-policy': 'same-origin',
};
