/**
 * bench:wallet — on PostgreSQL, 32 concurrent clients: our ledger against the naive peer the
 * issue describes (lock both rows FOR UPDATE, update both balances, insert entries), in the
 * same run on the same database.
 *   hot:    every transfer credits a random member from the one house deposit account, through
 *           that account's group-commit writer (one transaction per batch of queued entries)
 *   random: transfers between random member accounts, each its own statement
 * Goal: ≥ 10× the naive rate under hot-account contention and ≥ 1× with random accounts, zero
 * drift and no negative balance afterwards (our reconciliation; a sum check for the peer).
 * Needs BENCH_DATABASE_URL or TEST_DATABASE_URL (a PostgreSQL server database to create a
 * scratch database from).
 */
import { randomBytes, randomInt } from 'node:crypto';
import { PostgresDb } from '@nebula/db';
import { migrate } from '../apps/server/src/db/migrate';
import { LedgerService } from '../apps/server/src/ledger/ledger.service';
import { systemClock } from '../apps/server/src/lib/clock';
import { drive, medianRun, type Run } from './lib/load';
import { writeReport } from './lib/report';
import { scratchDatabase } from './lib/scratch-db';

const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const CLIENTS = 32;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const MEMBERS = 1000;

async function main(): Promise<void> {
  if (!adminUrl) {
    process.stderr.write(
      'bench:wallet needs PostgreSQL: set BENCH_DATABASE_URL (or TEST_DATABASE_URL).\n',
    );
    process.exit(1);
  }
  const scratch = await scratchDatabase(adminUrl, 'nebula_bench');
  const db = PostgresDb.open(scratch.url, CLIENTS + 4);
  try {
    await migrate(db);
    const ledger = new LedgerService(db, systemClock);
    await ledger.ensureHouseAccounts();
    // Members (minimal rows) and the naive peer's tables.
    await db.exec(`
      INSERT INTO members (user_name, user_name_lower, password_hash, nickname, avatar, invite_code, registered_at, registered_ip, registered_device, age_confirmed_at)
      SELECT 'b' || g, 'b' || g, 'x', 'b', '', 'I' || g, now(), '127.0.0.1', 'bench', now() FROM generate_series(1, ${MEMBERS}) g;
      CREATE TABLE naive_accounts (id BIGINT PRIMARY KEY, balance BIGINT NOT NULL);
      CREATE TABLE naive_entries (id BIGSERIAL PRIMARY KEY, ref TEXT NOT NULL, account_id BIGINT NOT NULL, amount BIGINT NOT NULL, at TIMESTAMPTZ NOT NULL DEFAULT now());
      INSERT INTO naive_accounts SELECT g, CASE WHEN g = 0 THEN 0 ELSE 0 END FROM generate_series(0, ${MEMBERS}) g;`);
    const ids = (await db.query<{ id: number }>('SELECT id FROM members ORDER BY id')).rows.map(
      (r) => r.id,
    );
    // Fund every member generously for the random scenario (both systems alike).
    for (const id of ids) {
      await ledger.postNow({
        reference: `seed:${id}`,
        kind: 'seed',
        postings: [
          { account: { house: 'deposits' }, amount: -1_000_000_000n },
          { account: { memberId: id, kind: 'main' }, amount: 1_000_000_000n },
        ],
      });
    }
    await db.query(
      'UPDATE naive_accounts SET balance = CASE WHEN id = 0 THEN -1000000000::bigint * $1 ELSE 1000000000 END',
      [MEMBERS],
    );

    const oursHot = () => {
      const m = ids[randomInt(0, ids.length)]!;
      // Through the house account's group-commit writer, as deposits credited by the gateway go.
      return ledger
        .postGrouped({
          reference: randomBytes(12).toString('hex'),
          kind: 'bench',
          memberId: m,
          postings: [
            { account: { house: 'deposits' }, amount: -100n },
            { account: { memberId: m, kind: 'main' }, amount: 100n },
          ],
        })
        .then(() => undefined);
    };
    const oursRandom = () => {
      const a = ids[randomInt(0, ids.length)]!;
      let b = ids[randomInt(0, ids.length)]!;
      if (b === a) b = ids[(ids.indexOf(a) + 1) % ids.length]!;
      return ledger
        .postNow({
          reference: randomBytes(12).toString('hex'),
          kind: 'bench',
          postings: [
            { account: { memberId: a, kind: 'main' }, amount: -100n },
            { account: { memberId: b, kind: 'main' }, amount: 100n },
          ],
        })
        .then(() => undefined);
    };
    const naive = (from: number, to: number) =>
      db.tx(async (q) => {
        const ref = randomBytes(12).toString('hex');
        await q.query(
          'SELECT id, balance FROM naive_accounts WHERE id IN ($1, $2) ORDER BY id FOR UPDATE',
          [from, to],
        );
        const r = await q.query(
          'UPDATE naive_accounts SET balance = balance - 100 WHERE id = $1 AND (id = 0 OR balance >= 100)',
          [from],
        );
        if (r.rowCount !== 1) throw new Error('insufficient');
        await q.query('UPDATE naive_accounts SET balance = balance + 100 WHERE id = $1', [to]);
        await q.query(
          'INSERT INTO naive_entries (ref, account_id, amount) VALUES ($1, $2, -100), ($1, $3, 100)',
          [ref, from, to],
        );
      });
    const naiveHot = () => naive(0, randomInt(1, MEMBERS + 1));
    const naiveRandom = () => {
      const a = randomInt(1, MEMBERS + 1);
      let b = randomInt(1, MEMBERS + 1);
      if (b === a) b = (a % MEMBERS) + 1;
      return naive(a, b);
    };

    const scenarios: [string, () => Promise<void>, () => Promise<void>, number][] = [
      ['hot house account', oursHot, naiveHot, 10],
      ['random accounts', oursRandom, naiveRandom, 1],
    ];
    const rows: { scenario: string; ours: Run; peer: Run; ratio: number; goal: number }[] = [];
    for (const [scenario, ours, peer, goal] of scenarios) {
      const o: Run[] = [];
      const p: Run[] = [];
      for (let i = 0; i < ROUNDS; i += 1) {
        o.push(await drive(CLIENTS, SECONDS, ours));
        p.push(await drive(CLIENTS, SECONDS, peer));
      }
      const om = medianRun(o);
      const pm = medianRun(p);
      rows.push({ scenario, ours: om, peer: pm, ratio: om.rate / pm.rate, goal });
      process.stdout.write(
        `${scenario}: ours ${om.rate.toFixed(0)}/s vs naive ${pm.rate.toFixed(0)}/s\n`,
      );
    }
    const group = ledger.groupStats();
    await ledger.rollUp();
    const rec = await ledger.reconcile();
    const naiveSum = await db.query<{ total: string; negatives: number }>(
      `SELECT sum(balance)::text AS total, count(*) FILTER (WHERE id <> 0 AND balance < 0)::int AS negatives FROM naive_accounts`,
    );
    const table = [
      `| scenario | ours transfers/s | ours p99 ms | naive transfers/s | naive p99 ms | ratio | goal | errors (ours/naive) |`,
      '|---|---|---|---|---|---|---|---|',
      ...rows.map(
        (r) =>
          `| ${r.scenario} | ${r.ours.rate.toFixed(0)} | ${r.ours.p99.toFixed(1)} | ${r.peer.rate.toFixed(0)} | ${r.peer.p99.toFixed(1)} | ${r.ratio.toFixed(2)}× | ≥ ${r.goal}× | ${r.ours.errors}/${r.peer.errors} |`,
      ),
      '',
      `Group commit (ours, hot): ${group.entries} entries in ${group.batches} transactions, ${(group.entries / Math.max(1, group.batches)).toFixed(1)} per transaction.`,
      '',
      `Afterwards: reconciliation ok = ${rec.ok} (drift ${rec.drift.length}, negative ${rec.negative.length}, CNY sum ${rec.assetSums.CNY ?? 0n}); naive sum = ${naiveSum.rows[0]?.total}, negative member balances = ${naiveSum.rows[0]?.negatives}.`,
    ].join('\n');
    process.stdout.write(
      `\n${table}\n\n(${CLIENTS} clients, ${ROUNDS} rounds × ${SECONDS} s, medians, PostgreSQL)\n`,
    );
    await writeReport(
      'wallet',
      {
        clients: CLIENTS,
        rounds: ROUNDS,
        seconds: SECONDS,
        rows,
        group,
        reconcile: { ok: rec.ok },
      },
      table,
    );
    if (!rec.ok) process.exitCode = 1;
  } finally {
    await db.close();
    await scratch.drop();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`${String(err instanceof Error ? err.stack : err)}\n`);
  process.exit(1);
});
