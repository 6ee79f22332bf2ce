import type { Queryable } from '@nebula/db';

/**
 * SQL of the games' hash chains. The links table (the secret s_N and its checkpoints) is read
 * here only, by the chain service inside the venue process: nothing else selects from it.
 */
export interface ChainRow {
  chainId: string;
  gameCode: string;
  seq: number;
  length: number;
  commitment: string;
  nextIndex: number;
  publishedAt: number;
}

type Raw = {
  chain_id: string;
  game_code: string;
  seq: number;
  length: number;
  commitment: string;
  next_index: number;
  published_at: Date;
};

const COLS = 'chain_id, game_code, seq, length, commitment, next_index, published_at';
const toRow = (r: Raw): ChainRow => ({
  chainId: r.chain_id,
  gameCode: r.game_code,
  seq: Number(r.seq),
  length: Number(r.length),
  commitment: r.commitment,
  nextIndex: Number(r.next_index),
  publishedAt: r.published_at.getTime(),
});

export async function insertChain(
  q: Queryable,
  c: Omit<ChainRow, 'nextIndex'>,
  links: ReadonlyMap<number, string>,
): Promise<void> {
  await q.query(`INSERT INTO venue_game_chains (${COLS}) VALUES ($1, $2, $3, $4, $5, 0, $6)`, [
    c.chainId,
    c.gameCode,
    c.seq,
    c.length,
    c.commitment,
    new Date(c.publishedAt),
  ]);
  const entries = [...links.entries()];
  const values = entries.map((_, k) => `($1, $${2 * k + 2}, $${2 * k + 3})`).join(', ');
  await q.query(`INSERT INTO venue_game_chain_links (chain_id, idx, link) VALUES ${values}`, [
    c.chainId,
    ...entries.flat(),
  ]);
}

/** The game's chains, oldest first. */
export async function listChains(q: Queryable, gameCode: string): Promise<ChainRow[]> {
  const r = await q.query<Raw>(
    `SELECT ${COLS} FROM venue_game_chains WHERE game_code = $1 ORDER BY seq`,
    [gameCode],
  );
  return r.rows.map(toRow);
}

/** The oldest chain with indexes left, locked for the round being created. */
export async function lockChainInUse(q: Queryable, gameCode: string): Promise<ChainRow | null> {
  const r = await q.query<Raw>(
    `SELECT ${COLS} FROM venue_game_chains WHERE game_code = $1 AND next_index < length
     ORDER BY seq LIMIT 1 FOR UPDATE`,
    [gameCode],
  );
  return r.rows[0] ? toRow(r.rows[0]) : null;
}

export async function lockGameChains(q: Queryable, gameCode: string): Promise<void> {
  await q.query('SELECT code FROM venue_games WHERE code = $1 FOR UPDATE', [gameCode]);
}

export async function advanceIndex(q: Queryable, chainId: string): Promise<number> {
  const r = await q.query<{ next_index: number }>(
    'UPDATE venue_game_chains SET next_index = next_index + 1 WHERE chain_id = $1 RETURNING next_index',
    [chainId],
  );
  return Number(r.rows[0]!.next_index);
}

/** The nearest stored link at or above `index`: the start of the walk down to s_index. */
export async function nearestLink(
  q: Queryable,
  chainId: string,
  index: number,
): Promise<{ idx: number; link: string } | null> {
  const r = await q.query<{ idx: number; link: string }>(
    `SELECT idx, link FROM venue_game_chain_links WHERE chain_id = $1 AND idx >= $2
     ORDER BY idx LIMIT 1`,
    [chainId, index],
  );
  return r.rows[0] ? { idx: Number(r.rows[0].idx), link: r.rows[0].link } : null;
}
