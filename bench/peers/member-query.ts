import Fastify from 'fastify';
import pg from 'pg';

/**
 * The peer for bench:member: bare Fastify answering member/info with the same single query ours
 * runs (member.repository `readMemberWithBalances`: the member, the real name and the main and
 * locked balances; the SQL is copied because a repository is not importable from outside its
 * module) on the same database, through a pool of the same size, with no guard, signature,
 * session, schema or user-hash work. DATABASE_URL, MEMBER_ID and
 * POOL_SIZE come from the bench.
 */
const MEMBER_SQL = `SELECT m.id, m.user_name, m.password_hash, m.nickname, m.avatar, m.vip_level, m.country_code, m.phone, m.email,
        m.fund_password_hash, m.invite_code, m.registered_at, m.last_login_at,
        r.real_name, r.status AS rn_status, r.reason AS rn_reason, r.submitted_at AS rn_submitted, r.reviewed_at AS rn_reviewed
         , (SELECT coalesce(json_object_agg(la.kind, la.balance::text), '{}'::json) FROM ledger_accounts la
            WHERE la.member_id = m.id AND la.kind IN ('main', 'locked')) AS balances
   FROM members m LEFT JOIN member_real_names r ON r.member_id = m.id
  WHERE m.id = $1`;

interface MemberRow {
  id: number;
  user_name: string;
  nickname: string;
  avatar: string;
  vip_level: number;
  invite_code: string;
  registered_at: Date;
  last_login_at: Date | null;
  fund_password_hash: string | null;
  rn_status: string | null;
  balances: Record<string, string>;
}

function yuan(fen: string | undefined): string {
  const digits = (fen ?? '0').padStart(3, '0');
  return `${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  max: Number(process.env.POOL_SIZE ?? 10),
});
const memberId = Number(process.env.MEMBER_ID);
const app = Fastify({ logger: false });
app.post('/site/api/v1/user/member/info', async (_req, reply) => {
  // Prepared once per connection, as ours is: like for like.
  const m = (
    await pool.query<MemberRow>({ name: 'member_info_read', text: MEMBER_SQL, values: [memberId] })
  ).rows[0];
  if (!m)
    return reply
      .type('application/json; charset=utf-8')
      .send('{"status_code":10004,"message":"","data":null}');
  const data = {
    memberId: m.id,
    userName: m.user_name,
    nickname: m.nickname,
    avatar: m.avatar,
    vipLevel: m.vip_level,
    fundPasswordSet: m.fund_password_hash !== null,
    realNameStatus: m.rn_status ?? 'none',
    inviteCode: m.invite_code,
    registeredAt: m.registered_at.getTime(),
    lastLoginAt: m.last_login_at?.getTime() ?? null,
    // Fen as decimal strings without floats, like ours.
    balance: yuan(m.balances.main),
    lockMoney: yuan(m.balances.locked),
  };
  return reply
    .type('application/json; charset=utf-8')
    .send(JSON.stringify({ status_code: 6000, message: '', data }));
});
await app.listen({ host: '127.0.0.1', port: 0 });
const addr = app.server.address();
process.stdout.write(
  `peer running at http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}\n`,
);
process.on(
  'SIGTERM',
  () =>
    void app
      .close()
      .then(() => pool.end())
      .then(() => process.exit(0)),
);
