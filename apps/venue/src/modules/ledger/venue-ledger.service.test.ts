import { testDatabases, type TestDb } from '@nebula/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateVenue } from '../../db/migrate';
import { venueTestTemplate } from '../../test/venue-test-db';
import {
  bookAccount,
  merchantAccount,
  playerAccount,
  type WalletKey,
} from './venue-accounts.model';
import { VenueLedger, VenueLedgerError, type VenueEntry } from './venue-ledger.service';

/**
 * VenueLedger's own rules: what it refuses to post, all-or-nothing batches, the debt rule
 * (`balance − debt` equals the postings; later credits repay the debt first) and one move per
 * wallet for a batch.
 */
let t: TestDb;
const ledger = new VenueLedger(() => Date.now());
beforeAll(async () => {
  t = await testDatabases(migrateVenue, venueTestTemplate)();
});
afterAll(() => t.drop());

let n = 0;
const player = (): WalletKey => ({
  merchant: 'M',
  venueCode: 'HOUSE_TY',
  playerId: `p${(n += 1)}`,
});
const ref = () => `test:${(n += 1)}`;
/** Money in from the merchant (positive) or back out to it (negative). */
const move = (k: WalletKey, amount: bigint, reference = ref()): VenueEntry => ({
  reference,
  kind: amount > 0n ? 'transfer_in' : 'transfer_out',
  postings: [
    { account: playerAccount(k), amount },
    { account: merchantAccount(k), amount: -amount },
  ],
});
const entries = async () =>
  (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM venue_entries')).rows[0]!.n;

describe('VenueLedger', () => {
  it('refuses malformed entries before writing anything', async () => {
    const k = player();
    const before = await entries();
    const bad: VenueEntry[] = [
      { ...move(k, 100n), postings: [{ account: playerAccount(k), amount: 100n }] },
      {
        ...move(k, 100n),
        postings: [
          { account: playerAccount(k), amount: 100n },
          { account: merchantAccount(k), amount: -99n },
        ],
      },
      {
        ...move(k, 100n),
        postings: [
          { account: playerAccount(k), amount: 0n },
          { account: merchantAccount(k), amount: 0n },
        ],
      },
      {
        ...move(k, 100n),
        postings: [
          { account: playerAccount(k), amount: 1.5 as unknown as bigint },
          { account: merchantAccount(k), amount: -1.5 as unknown as bigint },
        ],
      },
      {
        ...move(k, 100n),
        postings: [
          { account: 'casino:M:HOUSE_TY', amount: 100n },
          { account: merchantAccount(k), amount: -100n },
        ],
      },
      { ...move(k, 100n), reference: '' },
    ];
    for (const e of bad) {
      await expect(
        t.db.tx((q) => ledger.post(q, e)),
        JSON.stringify(e.postings, String),
      ).rejects.toThrow(VenueLedgerError);
    }
    const twice = ref();
    await expect(
      t.db.tx((q) => ledger.postMany(q, [move(k, 1n, twice), move(k, 2n, twice)])),
    ).rejects.toThrow(VenueLedgerError);
    expect(await entries()).toBe(before);
    expect(await ledger.wallet(t.db, k)).toEqual({ balance: 0n, debt: 0n });
  });

  it('a reference posts once: the second post fails and moves nothing', async () => {
    const k = player();
    const r = ref();
    await t.db.tx((q) => ledger.post(q, move(k, 500n, r)));
    await expect(t.db.tx((q) => ledger.post(q, move(k, 500n, r)))).rejects.toThrow();
    expect(await ledger.wallet(t.db, k)).toEqual({ balance: 500n, debt: 0n });
  });

  it('a debit beyond the balance refuses the whole batch; nothing of it is written', async () => {
    const [rich, poor] = [player(), player()];
    await t.db.tx((q) => ledger.post(q, move(rich, 1000n)));
    const before = await entries();
    const r = await t.db.tx((q) =>
      ledger.postMany(q, [move(rich, 300n), move(poor, -1n), move(rich, -100n)]),
    );
    expect(r).toEqual({ posted: false });
    expect(await entries()).toBe(before);
    expect(await ledger.wallet(t.db, rich)).toEqual({ balance: 1000n, debt: 0n });
    expect(await ledger.wallet(t.db, poor)).toEqual({ balance: 0n, debt: 0n });
  });

  it('a batch moves each wallet once by the sum of its postings', async () => {
    const [a, b] = [player(), player()];
    const r = await t.db.tx((q) =>
      ledger.postMany(q, [move(a, 300n), move(b, 200n), move(a, -100n), move(a, 50n)]),
    );
    expect(r.posted && r.wallets.map((w) => [w.playerId, w.balance]).sort()).toEqual(
      [
        [a.playerId, 250n],
        [b.playerId, 200n],
      ].sort(),
    );
    expect(await ledger.reconcile(t.db)).toEqual({ unbalanced: 0, drift: 0 });
  });

  it('takes back beyond the balance as a debt when asked; later credits repay it first', async () => {
    const k = player();
    await t.db.tx((q) => ledger.post(q, move(k, 300n)));
    const reversal = (amount: bigint): VenueEntry => ({
      reference: ref(),
      kind: 'bet_reversal',
      postings: [
        { account: playerAccount(k), amount: -amount },
        { account: bookAccount(k), amount },
      ],
    });
    expect(await t.db.tx((q) => ledger.post(q, reversal(500n)))).toEqual({ posted: false });
    await t.db.tx((q) => ledger.post(q, reversal(500n), { overdraw: 'debt' }));
    expect(await ledger.wallet(t.db, k)).toEqual({ balance: 0n, debt: 200n });
    await t.db.tx((q) => ledger.post(q, move(k, 150n)));
    expect(await ledger.wallet(t.db, k)).toEqual({ balance: 0n, debt: 50n });
    const r = await t.db.tx((q) => ledger.post(q, move(k, 80n)));
    expect(r.posted && r.wallets[0]).toMatchObject({ balance: 30n, debt: 0n });
    // A debt on a wallet that never held money: the row is made owing.
    const fresh = player();
    await t.db.tx((q) =>
      ledger.post(
        q,
        {
          reference: ref(),
          kind: 'bet_reversal',
          postings: [
            { account: playerAccount(fresh), amount: -70n },
            { account: bookAccount(fresh), amount: 70n },
          ],
        },
        { overdraw: 'debt' },
      ),
    );
    expect(await ledger.wallet(t.db, fresh)).toEqual({ balance: 0n, debt: 70n });
    expect(await ledger.reconcile(t.db)).toEqual({ unbalanced: 0, drift: 0 });
  });

  it('validates a stake for the placement: one wallet, taken from', () => {
    const [a, b] = [player(), player()];
    const stake = ledger.prepareStake({
      reference: ref(),
      kind: 'bet_stake',
      postings: [
        { account: playerAccount(a), amount: -1000n },
        { account: bookAccount(a), amount: 1000n },
      ],
    });
    expect(stake).toMatchObject({ wallet: a, amount: 1000n, amounts: [-1000n, 1000n] });
    expect(() => ledger.prepareStake(move(a, 100n))).toThrow(VenueLedgerError);
    expect(() =>
      ledger.prepareStake({
        reference: ref(),
        kind: 'bet_stake',
        postings: [
          { account: playerAccount(a), amount: -100n },
          { account: playerAccount(b), amount: -100n },
          { account: bookAccount(a), amount: 200n },
        ],
      }),
    ).toThrow(VenueLedgerError);
  });
});
