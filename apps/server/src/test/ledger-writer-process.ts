import { PgliteDb, PostgresDb, type Db } from '@nebula/db';
import { migrate } from '../db/migrate';
import { LedgerService } from '../ledger/ledger.service';
import { systemClock } from '../lib/clock';

/**
 * A platform node reduced to its ledger's group-commit writer, for the crash suite: posts
 * ENTRIES deposits from the house to a few members (and overdrafts that must be refused)
 * through the writer, printing each answer as it comes, then the books. With
 * CRASH_AT_BATCH=n it kills itself (as kill -9) at the n-th crash point CRASH_POINT: by default
 * 'ledger.batch', inside a batch after its write and before its commit — which only batches with
 * `within` work have, so WITHIN=1 gives each entry some (a read in the batch's transaction);
 * 'ledger.batch-committed' is after a batch that commits by itself has committed, before anyone
 * is answered. Run again on the same data it retries every entry.
 */
const n = Number(process.env.ENTRIES ?? 60);
const crashAt = Number(process.env.CRASH_AT_BATCH ?? 0);
const crashPoint = process.env.CRASH_POINT ?? 'ledger.batch';
const within = process.env.WITHIN === '1';

async function open(): Promise<Db> {
  if (process.env.DATABASE_URL) return PostgresDb.open(process.env.DATABASE_URL, 4);
  return PgliteDb.open({ dataDir: process.env.DATA_DIR! });
}

async function main(): Promise<void> {
  const db = await open();
  await migrate(db);
  let batches = 0;
  const ledger = new LedgerService(db, systemClock, (point) => {
    if (point === crashPoint && (batches += 1) === crashAt) process.kill(process.pid, 'SIGKILL');
  });
  await ledger.ensureHouseAccounts();
  let members = (
    await db.query<{ id: number }>(
      "SELECT id FROM members WHERE user_name LIKE 'crashw%' ORDER BY id",
    )
  ).rows.map((r) => r.id);
  if (members.length === 0) {
    members = (
      await db.query<{ id: number }>(
        `INSERT INTO members (user_name, user_name_lower, password_hash, nickname, avatar, invite_code, registered_at, registered_ip, registered_device, age_confirmed_at)
         SELECT 'crashw' || g, 'crashw' || g, 'x', 'c', '', 'CW' || g, now(), '127.0.0.1', 'test', now() FROM generate_series(1, 3) g RETURNING id`,
      )
    ).rows.map((r) => r.id);
  }
  const before = await db.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM ledger_transactions WHERE reference LIKE 'crashw:%'",
  );
  process.stdout.write(`written-before ${before.rows[0]!.n}\n`);
  // Every fifth entry asks for more than the member can have: refused, never written.
  const entry = (i: number) => {
    const memberId = members[i % members.length]!;
    const amount = i % 5 === 4 ? -1_000_000n : 100n;
    return {
      reference: `crashw:${i}`,
      kind: 'test',
      memberId,
      postings: [
        { account: { house: 'deposits' as const }, amount: -amount },
        { account: { memberId, kind: 'main' as const }, amount },
      ],
    };
  };
  // Waves of ten, so the writer commits several batches before the crash point.
  for (let wave = 0; wave < n; wave += 10) {
    await Promise.all(
      Array.from({ length: Math.min(10, n - wave) }, (_, k) => wave + k).map((i) =>
        ledger
          .postGrouped(
            entry(i),
            within ? async (q) => (await q.query('SELECT 1 AS one')).rowCount : undefined,
          )
          .then(
            ({ result }) =>
              process.stdout.write(
                `answered crashw:${i} ${result.transactionId} ${result.replay}\n`,
              ),
            (err: { code?: number }) => process.stdout.write(`refused crashw:${i} ${err.code}\n`),
          ),
      ),
    );
  }
  await ledger.rollUp();
  const rec = await ledger.reconcile();
  const balances = await db.query<{ total: string }>(
    "SELECT coalesce(sum(balance), 0)::text AS total FROM ledger_accounts WHERE member_id = ANY($1::int[]) AND kind = 'main'",
    [members],
  );
  process.stdout.write(`books ${JSON.stringify({ ok: rec.ok, main: balances.rows[0]!.total })}\n`);
  await db.close();
}

main().catch((err: unknown) => {
  process.stderr.write(`${String(err instanceof Error ? err.stack : err)}\n`);
  process.exit(1);
});
