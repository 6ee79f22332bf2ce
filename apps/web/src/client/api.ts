import { getToken } from '../session/session.store';
import { createApiClient } from '../lib/api-client';
import { apiEvents } from '../lib/api-events';
import { getDeviceId } from '../lib/device';
import { createSigner } from '../lib/signing/signer';

/** The site's one request client and signer; import `api` to call any route. */

export const signer = createSigner({
  // The only path into the signing chunk: Vite splits it out and loads it on first use.
  loadChunk: () => import('../lib/signing/signing-chunk'),
  calls: {
    vvPretty: () => api.call('vvPretty'),
    sec: (id) => api.call('sec', { params: { id } }),
  },
});

export const api = createApiClient({
  getToken,
  getDeviceId,
  signer,
  events: apiEvents,
});
