import { randomBytes } from 'node:crypto';
import Fastify from 'fastify';
import { PostgresDb } from '@nebula/db';
import { fenToYuanString, parseMoney } from '@nebula/protocol';
import { MerchantClient } from '../../apps/server/src/modules/venue-registry/merchant-client';
import { MerchantSecrets } from '../../apps/server/src/config/merchant-secrets';

/**
 * The peer for bench:transfer: bare Fastify moving money between a member's main balance and
 * the venue the naive way — one transaction that locks the main row FOR UPDATE, calls the venue
 * while holding it (and its pool connection), then writes the balance and an entry. The same
 * signed merchant client and venue as ours. DATABASE_URL, VENUE_URL, MERCHANT, SECRET and
 * POOL_SIZE come from the bench.
 */
const env = process.env;
const db = PostgresDb.open(env.DATABASE_URL!, Number(env.POOL_SIZE ?? 10));
const merchant = new MerchantClient({
  secrets: new MerchantSecrets(new Map([[env.MERCHANT!, env.SECRET!]]), null),
});
const target = { code: env.VENUE_CODE!, apiUrl: env.VENUE_URL!, merchantCode: env.MERCHANT! };

await db.exec(`
  CREATE TABLE IF NOT EXISTS naive_main (player_id TEXT PRIMARY KEY, balance BIGINT NOT NULL);
  CREATE TABLE IF NOT EXISTS naive_entries (id BIGSERIAL PRIMARY KEY, transfer_id TEXT NOT NULL UNIQUE, player_id TEXT NOT NULL, amount BIGINT NOT NULL);`);

const app = Fastify({ logger: false });
app.post('/naive/seed', async (req) => {
  const b = req.body as { playerId: string; balance: string };
  await db.query('INSERT INTO naive_main VALUES ($1, $2)', [b.playerId, parseMoney(b.balance)]);
  return { ok: true };
});
app.post('/naive/transfer', async (req) => {
  const b = req.body as { playerId: string; direction: 'in' | 'out'; amount: string };
  const amount = parseMoney(b.amount);
  const transferId = `N${randomBytes(12).toString('hex')}`;
  return db.tx(async (q) => {
    const row = await q.query<{ balance: bigint }>(
      'SELECT balance FROM naive_main WHERE player_id = $1 FOR UPDATE',
      [b.playerId],
    );
    if (b.direction === 'in' && row.rows[0]!.balance < amount) return { ok: false };
    const r = await merchant.call(target, 'transfer', {
      venueCode: target.code,
      playerId: b.playerId,
      transferId,
      direction: b.direction,
      amount: fenToYuanString(amount),
    });
    if (r.kind !== 'ok' || r.data.status !== 'applied') return { ok: false };
    const signed = b.direction === 'in' ? -amount : amount;
    await q.query('UPDATE naive_main SET balance = balance + $2 WHERE player_id = $1', [
      b.playerId,
      signed,
    ]);
    await q.query(
      'INSERT INTO naive_entries (transfer_id, player_id, amount) VALUES ($1, $2, $3)',
      [transferId, b.playerId, signed],
    );
    return { ok: true };
  });
});
app.get('/naive/balance', async (req) => {
  const playerId = (req.query as { playerId: string }).playerId;
  const r = await db.query<{ balance: bigint }>(
    'SELECT balance FROM naive_main WHERE player_id = $1',
    [playerId],
  );
  return { balance: fenToYuanString(r.rows[0]!.balance) };
});
await app.listen({ host: '127.0.0.1', port: 0 });
const { port } = app.server.address() as { port: number };
process.stdout.write(`naive transfer peer running at http://127.0.0.1:${port}\n`);
