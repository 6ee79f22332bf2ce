import {
  merchantConformance,
  type MerchantAnswer,
} from '@nebula/protocol/venue/conformance.testkit';
import { createVenueTestApp } from '../../test/venue-test-app';

// The house venue passes the contract's conformance suite like any provider must.
merchantConformance('the house venue', async () => {
  const v = await createVenueTestApp();
  // The answer as the platform reads it (the signature header is checked by the client).
  const answer = ({ code, data, message }: MerchantAnswer): MerchantAnswer => ({
    code,
    ...(data !== undefined ? { data } : {}),
    ...(message !== undefined ? { message } : {}),
  });
  return {
    venueCode: 'HOUSE_TY',
    transport: {
      call: async (name, body) => answer(await v.call(name, body)),
      forged: async (name, body) => answer(await v.call(name, body, { secret: 'f'.repeat(64) })),
    },
    close: () => v.close(),
  };
});
