import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect } from './fixtures';
import { signedCall } from '../../../../e2e/support/signed-api';
import type { VenueStack } from './venue-stack';

/**
 * Steps at the house venue as the member site drives it: money moved in through the site's
 * transfer, a launch through the site (its URL's token exchanged for the venue page's session,
 * what the frame's page does), then the venue page's own calls with that session.
 */

/** Moves `amount` from the member's main wallet into the venue `code` (a money call). */
export async function transferIn(page: Page, code: string, amount: string): Promise<void> {
  const moved = await signedCall(
    page.context(),
    page.request,
    'POST',
    '/fd/api/v1/transfer/order',
    { venueCode: code, direction: 'in', amount },
    { 'X-Idempotency-Key': randomUUID() },
  );
  expect(moved.status_code, moved.message).toBe(6000);
}

/** The venue page's own call with a launched session. */
export async function venuePage<T>(
  stack: VenueStack,
  path: string,
  session: string,
  body?: unknown,
): Promise<T> {
  const r = await fetch(`${stack.venueApi}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      authorization: `Bearer ${session}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const answer = (await r.json()) as { code: number; message?: string; data: T };
  expect(answer.code, `${path}: ${answer.message}`).toBe(0);
  return answer.data;
}

/** Launches a venue as its family page does and exchanges the URL's token for a session. */
export async function launchVenue(
  page: Page,
  stack: VenueStack,
  code: string,
  gameCode: string,
): Promise<string> {
  const launched = await signedCall<{ url: string }>(
    page.context(),
    page.request,
    'POST',
    '/game/api/v1/venue/launch',
    { enName: code, isPreload: false, isManualLaunch: true, gameCode },
  );
  expect(launched.status_code, launched.message).toBe(6000);
  const token = new URL(launched.data.url).searchParams.get('token');
  const r = await fetch(`${stack.venueApi}/h5/api/session/exchange`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token }),
  });
  return ((await r.json()) as { data: { token: string } }).data.token;
}

type Round = { roundNo: string; status: string; sealAt: number };
type Games = { serverTime: number; games: { gameCode: string; current: Round | null }[] };

/**
 * Bets 大 on 极速快3 (JSK3) for `multiple` × 2.00 on a round still open for at least 2 s, and
 * answers its round. 大 loses on a triple, so it is decided whatever the dice: by the site's
 * rules (docs/contract.md §6, house game bets) it counts its whole stake as valid turnover.
 */
export async function betK3Big(
  stack: VenueStack,
  session: string,
  multiple: number,
): Promise<string> {
  let roundNo = '';
  await expect(async () => {
    const list = await venuePage<Games>(stack, '/h5/api/games', session);
    const round = list.games.find((g) => g.gameCode === 'JSK3')?.current;
    expect(round?.status).toBe('open');
    expect(round!.sealAt - list.serverTime).toBeGreaterThanOrEqual(2000);
    await venuePage(stack, '/h5/api/games/JSK3/bets', session, {
      requestKey: `k3-${randomUUID()}`,
      roundNo: round!.roundNo,
      multiple,
      unitPrice: '2.00',
      picks: [{ betType: 'big', pick: '' }],
    });
    roundNo = round!.roundNo;
  }).toPass({ timeout: 40_000 });
  return roundNo;
}
