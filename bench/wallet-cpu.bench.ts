/**
 * bench:wallet-cpu — what one entry through the hot house account's group-commit writer costs
 * in CPU: this node process plus every PostgreSQL backend of the scratch database (read from
 * /proc, so PostgreSQL must run on this machine), over BATCHES waves of 32 concurrent credits.
 * On a shared machine throughput swings with the load (docs/benchmarks.md, "## wallet"); CPU
 * time per entry hardly does, so it compares two versions of the writer fairly.
 * Needs BENCH_DATABASE_URL or TEST_DATABASE_URL.
 */
import { readFileSync } from 'node:fs';
import { randomBytes, randomInt } from 'node:crypto';
import { PostgresDb } from '@nebula/db';
import { migrate } from '../apps/server/src/db/migrate';
import { LedgerService } from '../apps/server/src/ledger/ledger.service';
import { systemClock } from '../apps/server/src/lib/clock';
import { writeReport } from './lib/report';
import { scratchDatabase } from './lib/scratch-db';

const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const WAVE = 32;
const BATCHES = Number(process.env.BENCH_BATCHES ?? 300);
/** Clock ticks per second of /proc/<pid>/stat (USER_HZ, 100 on Linux). */
const HZ = 100;

/** utime + stime of a process in clock ticks; a backend that is gone counts as null. */
function cpuTicks(pid: number): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return null;
  }
}

async function main(): Promise<void> {
  if (!adminUrl) {
    process.stderr.write('bench:wallet-cpu needs BENCH_DATABASE_URL (or TEST_DATABASE_URL).\n');
    process.exit(1);
  }
  const scratch = await scratchDatabase(adminUrl, 'nebula_bench_cpu');
  const db = PostgresDb.open(scratch.url, 8);
  // Backends must live through the measurement for their CPU to be read.
  (db.pool as unknown as { options: { idleTimeoutMillis: number } }).options.idleTimeoutMillis = 0;
  try {
    await migrate(db);
    const ledger = new LedgerService(db, systemClock);
    await ledger.ensureHouseAccounts();
    await db.exec(`
      INSERT INTO members (user_name, user_name_lower, password_hash, nickname, avatar, invite_code, registered_at, registered_ip, registered_device, age_confirmed_at)
      SELECT 'b' || g, 'b' || g, 'x', 'b', '', 'I' || g, now(), '127.0.0.1', 'bench', now() FROM generate_series(1, 1000) g;`);
    const ids = (await db.query<{ id: number }>('SELECT id FROM members ORDER BY id')).rows.map(
      (r) => r.id,
    );
    const credit = () => {
      const m = ids[randomInt(0, ids.length)]!;
      return ledger.postGrouped({
        reference: randomBytes(12).toString('hex'),
        kind: 'bench',
        memberId: m,
        postings: [
          { account: { house: 'deposits' }, amount: -100n },
          { account: { memberId: m, kind: 'main' }, amount: 100n },
        ],
      });
    };
    const wave = () => Promise.all(Array.from({ length: WAVE }, credit));
    // Warm: member accounts made, ids cached, statements prepared.
    for (let i = 0; i < 40; i += 1) await wave();
    const pids = (
      await db.query<{ pid: number }>(
        'SELECT pid FROM pg_stat_activity WHERE datname = current_database()',
      )
    ).rows.map((r) => r.pid);
    const pg0 = pids.map(cpuTicks);
    const node0 = process.cpuUsage();
    const t0 = performance.now();
    for (let i = 0; i < BATCHES; i += 1) await wave();
    const wallMs = performance.now() - t0;
    const node = process.cpuUsage(node0);
    const pg1 = pids.map(cpuTicks);
    if (pg1.some((x) => x === null)) throw new Error('a backend went away while measured');
    const pgTicks = pg1.reduce<number>((s, x, i) => s + x! - pg0[i]!, 0);
    const entries = BATCHES * WAVE;
    const nodeUs = (node.user + node.system) / entries;
    const pgUs = (pgTicks * 1e6) / HZ / entries;
    const rec = await ledger.reconcile();
    const row = {
      entries,
      nodeUs,
      pgUs,
      totalUs: nodeUs + pgUs,
      wallMs,
      group: ledger.groupStats(),
    };
    const table = [
      '| entries | node µs/entry | PostgreSQL µs/entry | total µs/entry | wall ms |',
      '|---|---|---|---|---|',
      `| ${entries} | ${nodeUs.toFixed(1)} | ${pgUs.toFixed(1)} | ${row.totalUs.toFixed(1)} | ${wallMs.toFixed(0)} |`,
    ].join('\n');
    process.stdout.write(`${table}\n(reconciliation ok = ${rec.ok})\n`);
    await writeReport('wallet-cpu', { ...row, reconcile: { ok: rec.ok } }, table);
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
