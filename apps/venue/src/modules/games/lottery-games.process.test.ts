import { afterEach, describe, expect, it } from 'vitest';
import { drawPk10, drawSsc, hexToBytes, roundMessage, verifyChainLink } from '@nebula/protocol';
import type { RoundView } from '@nebula/protocol/venue/games/index';
import { merchantClient, venueProcesses, type VenueProcesses } from '../../test/venue-process';
import { listChains } from './chain.repository';

/**
 * 极速PK10 and 极速时时彩 on a running venue with draws every 6 s (`VENUE_TEST_DRAW_SECONDS`,
 * docs/contract.md §10.10): the clock opens, draws and settles their rounds by itself, each
 * outcome the protocol's draw on its seed and each seed on its published chain.
 */
let procs: VenueProcesses | null = null;
afterEach(async () => {
  await procs?.cleanup();
  procs = null;
});

async function sessionToken(url: string, secret: string): Promise<string> {
  const launched = await merchantClient(url, secret)<{ url: string }>('launch', {
    venueCode: 'HOUSE_TY',
    playerId: `lottery-${Date.now().toString(36)}`,
    nickname: '玩家',
  });
  const ex = await fetch(`${url}/h5/api/session/exchange`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token: new URL(launched.data!.url).searchParams.get('token') }),
  });
  return ((await ex.json()) as { data: { token: string } }).data.token;
}

async function settledRounds(url: string, token: string, code: string): Promise<RoundView[]> {
  const r = await fetch(`${url}/h5/api/games/${code}/results?limit=10`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const rounds = ((await r.json()) as { data?: { rounds: RoundView[] } }).data?.rounds ?? [];
  return rounds.filter((x) => x.status === 'settled');
}

describe('the lottery games on the running clock', () => {
  it('draws and settles PK10 and 时时彩 rounds, verifiable from their seeds', async () => {
    procs = await venueProcesses({ VENUE_TEST_DRAW_SECONDS: '6' });
    const proc = await procs.start();
    const token = await sessionToken(proc.url, procs.secret);
    const games = [
      { code: 'JSPK10', draw: drawPk10 },
      { code: 'JSSSC', draw: drawSsc },
    ];
    const found = new Map<string, RoundView>();
    const deadline = Date.now() + 40_000;
    while (found.size < games.length && Date.now() < deadline) {
      for (const g of games) {
        const [r] = await settledRounds(proc.url, token, g.code);
        if (r) found.set(g.code, r);
      }
      await new Promise((res) => setTimeout(res, 250));
    }
    proc.child.kill('SIGTERM');
    await proc.exited;
    const db = await procs.openDb();
    try {
      for (const g of games) {
        const r = found.get(g.code);
        expect(r, g.code).toBeDefined();
        const seed = hexToBytes(r!.seed!);
        expect(r!.outcome).toEqual(g.draw(seed, roundMessage(g.code, r!.roundNo)).outcome);
        const chain = (await listChains(db, g.code)).find((c) => c.chainId === r!.chainId)!;
        expect(chain.chainId.startsWith(`${g.code}-`)).toBe(true);
        const link = verifyChainLink(seed, r!.chainIndex, hexToBytes(chain.commitment), 0);
        expect(link.ok).toBe(true);
      }
    } finally {
      await db.close();
    }
  }, 90_000);
});
