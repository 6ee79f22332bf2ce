/**
 * bench:rebate — the daily rebate job on PostgreSQL: BENCH_MEMBERS members (default 20,000) ×
 * the 7 families of settled turnover for one Shanghai day, seeded by bulk SQL into a scratch
 * database. Ours is the real job (RebateService.runDaily: batches of members, set-based reads,
 * one ledger batch per transaction); the peer (bench/peers/naive-rebate.ts) pays one
 * transaction per member and family through the same ledger, on a second copy of the members
 * with the same turnover on the next day. Each round takes fresh days; medians of the rounds.
 * Checks: every payment equals the rates × turnover to the fen, a re-run of ours pays nothing
 * (skipped, and with its run mark removed: zero new postings), the ledger reconciles.
 * Needs BENCH_DATABASE_URL or TEST_DATABASE_URL. Goal: ≥ 10× the peer's rate.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PostgresDb, type Db } from '@nebula/db';
import { migrate } from '../apps/server/src/db/migrate';
import { LedgerService } from '../apps/server/src/ledger/ledger.service';
import { systemClock } from '../apps/server/src/lib/clock';
import { shanghaiDate, shanghaiDayRange } from '../apps/server/src/lib/shanghai-time';
import { EligibilityService } from '../apps/server/src/modules/play-break/eligibility.service';
import { GrantService } from '../apps/server/src/modules/rewards/grant.service';
import { RebateService } from '../apps/server/src/modules/rewards/rebate.service';
import type { SettingsService } from '../apps/server/src/modules/settings/settings.service';
import { TurnoverService } from '../apps/server/src/modules/wallet/turnover.service';
import { naiveRebate } from './peers/naive-rebate';
import { median, writeReport } from './lib/report';
import { scratchDatabase } from './lib/scratch-db';

const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 20_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 1);
const DAY = 24 * 3600_000;

const dayAfter = (day: string, n: number) => shanghaiDate(shanghaiDayRange(day)[0] + n * DAY);

/** One turnover entry per member and family, spread over the day, amounts 1.00–10,000.00. */
async function seedDay(db: Db, first: number, last: number, day: string): Promise<void> {
  const [from] = shanghaiDayRange(day);
  await db.query(
    `INSERT INTO turnover_entries (member_id, kind, amount, reference, note, at, family)
     SELECT m, 'turnover', 100 + ((m * 7919 + f.i * 104729) % 1000000),
            'bt:' || $3 || ':' || m || ':' || f.family, '投注',
            $4::timestamptz + ((m * 13 + f.i * 1000) % 86000) * interval '1 second', f.family
       FROM generate_series($1::int, $2::int) m
       CROSS JOIN (SELECT family, row_number() OVER (ORDER BY family)::int AS i FROM rebate_families) f`,
    [first, last, day, new Date(from)],
  );
}

/** What the rates × turnover come to, per member and family rounded down to the fen. */
async function expected(db: Db, first: number, last: number, day: string): Promise<bigint> {
  const [from, to] = shanghaiDayRange(day);
  const r = await db.query<{ total: string }>(
    `SELECT COALESCE(sum(x.amt), 0)::text AS total FROM (
       SELECT floor(sum(t.amount)::numeric * COALESCE(r.rate_ppm, 0) / 1000000) AS amt
         FROM turnover_entries t JOIN members m ON m.id = t.member_id
         LEFT JOIN rebate_rates r ON r.level = m.vip_level AND r.family = t.family
        WHERE t.member_id BETWEEN $1 AND $2 AND t.kind = 'turnover' AND t.family IS NOT NULL
          AND t.at >= $3 AND t.at < $4
        GROUP BY t.member_id, t.family, r.rate_ppm) x`,
    [first, last, new Date(from), new Date(to)],
  );
  return BigInt(r.rows[0]!.total);
}

/** Ledger transactions under a reference pattern and what they credited to members. */
async function paid(db: Db, pattern: string): Promise<{ n: number; total: bigint }> {
  const r = await db.query<{ n: number; total: string }>(
    `SELECT count(DISTINCT t.id)::int AS n, COALESCE(sum(p.amount), 0)::text AS total
       FROM ledger_transactions t JOIN ledger_postings p ON p.transaction_id = t.id
       JOIN ledger_accounts a ON a.id = p.account_id AND a.member_id IS NOT NULL
      WHERE t.reference LIKE $1`,
    [pattern],
  );
  return { n: r.rows[0]!.n, total: BigInt(r.rows[0]!.total) };
}

const transactions = async (db: Db) =>
  (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM ledger_transactions')).rows[0]!.n;

interface Round {
  day: string;
  oursMs: number;
  naiveMs: number;
  oursPayments: number;
  naivePayments: number;
  expectedFen: string;
  oursFen: string;
  naiveFen: string;
  rerunNewTransactions: number;
  rerunSkipped: boolean;
}

async function main(): Promise<void> {
  if (!adminUrl) {
    process.stderr.write(
      'bench:rebate needs PostgreSQL: set BENCH_DATABASE_URL (or TEST_DATABASE_URL).\n',
    );
    process.exit(1);
  }
  const scratch = await scratchDatabase(adminUrl, 'nebula_bench');
  const db = PostgresDb.open(scratch.url, 4);
  try {
    await migrate(db);
    const clock = systemClock;
    const ledger = new LedgerService(db, clock);
    await ledger.ensureHouseAccounts();
    // The job never reads the site settings (only a deposit's requirement does).
    const settings = {} as SettingsService;
    const turnover = new TurnoverService(db, clock, settings);
    // No member here keeps a play limit, so the limits gate is not wired (it is asked only for
    // members who keep one).
    const eligibility = new EligibilityService(clock);
    const grants = new GrantService({ db, clock, ledger, turnover, eligibility });
    const rebate = new RebateService({ db, clock, grants, eligibility });

    const t0 = performance.now();
    // Members 1..N are ours, N+1..2N the peer's copy; levels VIP0–VIP7 alike in both.
    await db.query(
      `INSERT INTO members (user_name, user_name_lower, password_hash, nickname, avatar, invite_code, registered_at, registered_ip, registered_device, age_confirmed_at, vip_level)
       SELECT 'r' || g, 'r' || g, 'x', 'r', '', 'R' || g, now(), '127.0.0.1', 'bench', now(), (g % 8)
         FROM generate_series(1, $1::int * 2) g`,
      [MEMBERS],
    );
    const base = shanghaiDate(clock.now() - (2 * ROUNDS + 5) * DAY);
    for (let r = 0; r < ROUNDS; r += 1) {
      await seedDay(db, 1, MEMBERS, dayAfter(base, 2 * r));
      await seedDay(db, MEMBERS + 1, 2 * MEMBERS, dayAfter(base, 2 * r + 1));
    }
    await db.exec('ANALYZE');
    const seedMs = performance.now() - t0;
    process.stdout.write(
      `seeded ${2 * MEMBERS} members × 7 families × ${ROUNDS} day(s) in ${(seedMs / 1000).toFixed(1)} s\n`,
    );

    const rounds: Round[] = [];
    for (let r = 0; r < ROUNDS; r += 1) {
      const ourDay = dayAfter(base, 2 * r);
      const peerDay = dayAfter(base, 2 * r + 1);
      let t = performance.now();
      await rebate.runDaily(ourDay);
      const oursMs = performance.now() - t;
      t = performance.now();
      await naiveRebate(
        db,
        ledger,
        { first: MEMBERS + 1, last: 2 * MEMBERS },
        peerDay,
        shanghaiDayRange(peerDay),
      );
      const naiveMs = performance.now() - t;
      const ours = await paid(db, `grant:rebate:%:${ourDay}:job`);
      const peer = await paid(db, `naive-rebate:%:${peerDay}:%`);
      // Paid exactly once: the re-run is skipped; without its run mark it finds every day settled.
      const before = await transactions(db);
      const again = await rebate.runDaily(ourDay);
      await db.query(`DELETE FROM reward_job_runs WHERE job = 'rebate' AND period = $1`, [ourDay]);
      await rebate.runDaily(ourDay);
      const rerunNew = (await transactions(db)) - before;
      const round: Round = {
        day: ourDay,
        oursMs,
        naiveMs,
        oursPayments: ours.n,
        naivePayments: peer.n,
        expectedFen: String(await expected(db, 1, MEMBERS, ourDay)),
        oursFen: String(ours.total),
        naiveFen: String(peer.total),
        rerunNewTransactions: rerunNew,
        rerunSkipped: again.skipped,
      };
      rounds.push(round);
      process.stdout.write(
        `round ${r + 1}: ours ${(oursMs / 1000).toFixed(2)} s (${ours.n} payments), naive ${(naiveMs / 1000).toFixed(2)} s (${peer.n} payments), ratio ${(naiveMs / oursMs).toFixed(2)}×\n`,
      );
    }
    await ledger.rollUp();
    const rec = await ledger.reconcile();
    const naiveExpected = await Promise.all(
      rounds.map((_, r) => expected(db, MEMBERS + 1, 2 * MEMBERS, dayAfter(base, 2 * r + 1))),
    );
    const exact = rounds.every(
      (x, r) => x.oursFen === x.expectedFen && x.naiveFen === String(naiveExpected[r]),
    );
    const once = rounds.every((x) => x.rerunNewTransactions === 0 && x.rerunSkipped);
    const oursMs = median(rounds.map((x) => x.oursMs));
    const naiveMs = median(rounds.map((x) => x.naiveMs));
    const ratio = naiveMs / oursMs;
    const pairs = MEMBERS * 7;
    const table = [
      '| members × families | ours s | ours members/s | naive s | naive (member, family)/s | ratio | goal |',
      '|---|---|---|---|---|---|---|',
      `| ${MEMBERS} × 7 | ${(oursMs / 1000).toFixed(2)} | ${((MEMBERS * 1000) / oursMs).toFixed(0)} | ${(naiveMs / 1000).toFixed(2)} | ${((pairs * 1000) / naiveMs).toFixed(0)} | ${ratio.toFixed(2)}× | ≥ 10× |`,
      '',
      `Rounds: ${ROUNDS} (ratios ${rounds.map((x) => `${(x.naiveMs / x.oursMs).toFixed(2)}×`).join(', ')}; medians above). Ours paid ${rounds[0]!.oursPayments} members in one grant and posting each; the peer ${rounds[0]!.naivePayments} postings.`,
      '',
      `Checks: totals equal rates × turnover to the fen = ${exact} (ours ${rounds[0]!.oursFen} fen, expected ${rounds[0]!.expectedFen}); re-run of ours skipped and, with its run mark removed, ${rounds[0]!.rerunNewTransactions} new ledger transactions; reconciliation ok = ${rec.ok} (drift ${rec.drift.length}, negative ${rec.negative.length}, CNY sum ${rec.assetSums.CNY ?? 0n}).`,
    ].join('\n');
    process.stdout.write(`\n${table}\n`);
    const results = {
      members: MEMBERS,
      families: 7,
      rounds,
      ratio,
      exact,
      once,
      reconcileOk: rec.ok,
    };
    await writeFile(
      path.resolve(path.dirname(new URL(import.meta.url).pathname), 'results/rebate.json'),
      `${JSON.stringify(results, null, 2)}\n`,
    );
    await writeReport('rebate', results, table);
    if (!rec.ok || !exact || !once) process.exitCode = 1;
  } finally {
    await db.close();
    await scratch.drop();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`${String(err instanceof Error ? err.stack : err)}\n`);
  process.exit(1);
});
