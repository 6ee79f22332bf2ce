import type { DemoBalance, DemoLaunchResult } from '@nebula/protocol/api/demo/demo.schemas';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../client/api';
import { keepDemoToken, readDemoToken } from '../model/demo-token';

/** GET demo/info: whether 试玩 is open, the play amount, the venues offered. */
export function useDemoInfo() {
  return useQuery({ queryKey: ['demo', 'info'], queryFn: () => api.call('demoInfo') });
}

/** Starts (or continues) the held 试玩 session on a venue; the token is kept for next time. */
export async function launchDemo(venueCode: string): Promise<DemoLaunchResult> {
  const demoToken = readDemoToken();
  const r = await api.call('demoLaunch', {
    body: { venueCode, ...(demoToken ? { demoToken } : {}) },
  });
  keepDemoToken(r.demoToken);
  return r;
}

export function useDemoBalance(venueCode: string, demoToken: string | null) {
  return useQuery({
    queryKey: ['demo', 'balance', venueCode, demoToken],
    queryFn: (): Promise<DemoBalance> =>
      api.call('demoBalance', { body: { venueCode, demoToken: demoToken ?? '' } }),
    enabled: demoToken !== null,
    refetchInterval: 15_000,
  });
}

export function resetDemo(venueCode: string, demoToken: string): Promise<DemoBalance> {
  return api.call('demoReset', { body: { venueCode, demoToken } });
}
