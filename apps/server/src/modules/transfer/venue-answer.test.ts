import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ErrorCode } from '@nebula/protocol';
import { fakeVenueTestbed, fundedMember, transfer, type Testbed } from '../../test/venue-harness';
import { saveVenueAnswer } from './venue-debt.repository';

/**
 * A venue's answer of balance and debt saved in one statement (`saveVenueAnswer`): each pair
 * kept only when newer than the saved one, independently, as the two upserts it replaces did;
 * and the balance question (every recall asks each venue) opens no transaction for it.
 */
let bed: Testbed;
beforeAll(async () => {
  bed = await fakeVenueTestbed({ codes: ['FAKE'] });
});
afterAll(() => bed.close());

type Saved = {
  balance: bigint | null;
  debt: bigint;
  debt_written_off: bigint;
  synced_at: Date | null;
  debt_synced_at: Date | null;
};
const read = async (memberId: number) =>
  (
    await bed.t.db.query<Saved>(
      `SELECT balance, debt, debt_written_off, synced_at, debt_synced_at FROM venue_accounts
        WHERE member_id = $1 AND venue_code = 'FAKE'`,
      [memberId],
    )
  ).rows[0];

describe('a venue answer saved in one statement', () => {
  it('keeps the newer balance and the newer debt, each on its own', async () => {
    const m = await fundedMember(bed.t, '0');
    const db = bed.t.db;
    await saveVenueAnswer(db, m.memberId, 'FAKE', { balance: 500n, debt: 300n }, 2_000_000);
    expect(await read(m.memberId)).toMatchObject({ balance: 500n, debt: 300n });
    // An operator wrote 100 off; a newer answer of 200 keeps the write-off (LEAST), as before.
    await db.query(`UPDATE venue_accounts SET debt_written_off = 100 WHERE member_id = $1`, [
      m.memberId,
    ]);
    await saveVenueAnswer(db, m.memberId, 'FAKE', { balance: 400n, debt: 50n }, 3_000_000);
    expect(await read(m.memberId)).toMatchObject({
      balance: 400n,
      debt: 50n,
      debt_written_off: 50n,
    });
    // An older answer changes nothing.
    await saveVenueAnswer(db, m.memberId, 'FAKE', { balance: 1n, debt: 1n }, 2_500_000);
    expect(await read(m.memberId)).toMatchObject({ balance: 400n, debt: 50n });
    // A newer debt alone moves the debt's time; then an answer between the two times keeps
    // the balance (newer than the balance's time) but not the debt (older than the debt's).
    await saveVenueAnswer(db, m.memberId, 'FAKE', { balance: null, debt: 70n }, 5_000_000);
    await saveVenueAnswer(db, m.memberId, 'FAKE', { balance: 333n, debt: 9n }, 4_000_000);
    const after = await read(m.memberId);
    expect(after).toMatchObject({ balance: 333n, debt: 70n });
    expect(after!.synced_at!.getTime()).toBe(4_000_000);
    expect(after!.debt_synced_at!.getTime()).toBe(5_000_000);
  });

  it('asks a venue its balance without a transaction', async () => {
    const m = await fundedMember(bed.t, '100', bed.admin);
    expect((await transfer(m, 'FAKE', 'in', '40')).status_code).toBe(ErrorCode.Success);
    const tx = vi.spyOn(bed.t.db, 'tx');
    try {
      const b = await bed.t.services.transfers.sync(m.memberId);
      expect(b.venues.find((v) => v.code === 'FAKE')?.balance).toBe('40.00');
      expect(tx).not.toHaveBeenCalled();
    } finally {
      tx.mockRestore();
    }
  });
});
