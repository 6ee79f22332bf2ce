-- ledger_post_batch (migration 0057) wrote a batch's transaction rows one INSERT per entry: a
-- statement started, run and finished 32 times per batch of 32, each with its own lookup for an
-- earlier row under its reference. This version decides every entry first — from one read of
-- the references already written — and writes all the batch's transaction rows in one INSERT
-- (docs/benchmarks.md, "## wallet"), and queues one house roll-up row per house account of the
-- batch instead of one per posting. Same arguments, same answers:
--   * a reference written before, or by an earlier entry of this batch that was written,
--     changes nothing: 'replay' with the first transaction's id (also when it would not fit now);
--   * an entry that would take a member balance below zero is 'refused' alone; a later entry
--     under the same reference is decided afresh, as if the refused one had not been sent;
--   * otherwise it is 'written' and every posting to a member account gets the balance that
--     account has after the entry (NULL where the entry's postings to it net to zero).
-- Member accounts are locked in id order first, and the references are read after the locks
-- are held: an entry's reference written by another node that holds the same member rows is
-- seen committed. A reference written meanwhile by a transaction that does not hold them (a
-- reference reused with other accounts, or committing while this batch reads) is met by the
-- INSERT's ON CONFLICT, which waits for that commit; then the plan is stale — a later entry may
-- have counted on the skipped one's money — so the batch fails with 40001 and changes nothing.
-- The group-commit writer answers such an error by sending the batch again (group-commit.ts),
-- which then reads the reference and answers that entry as a replay.
CREATE OR REPLACE FUNCTION ledger_post_batch(
  e_reference TEXT[],
  e_kind TEXT[],
  e_memo TEXT[],
  e_member INTEGER[],
  e_at TIMESTAMPTZ,
  d_entry INTEGER[],
  d_account BIGINT[],
  d_amount BIGINT[],
  p_entry INTEGER[],
  p_account BIGINT[],
  p_asset TEXT[],
  p_amount BIGINT[],
  p_house BOOLEAN[]
) RETURNS TABLE (outcome TEXT, tx_id BIGINT) AS $$
DECLARE
  n INTEGER := coalesce(cardinality(e_reference), 0);
  ids BIGINT[];
  bals BIGINT[];
  orig BIGINT[];
  -- Per delta: its account's index in ids/bals.
  d_slot INTEGER[];
  out_kind TEXT[] := array_fill(NULL::TEXT, ARRAY[n]);
  out_tid BIGINT[] := array_fill(NULL::BIGINT, ARRAY[n]);
  -- Per entry: the first entry of the batch under its reference, and the transaction already
  -- written under it (NULL if none).
  e_first INTEGER[];
  e_old BIGINT[];
  -- Per first entry of a reference: the entry written under it in this batch (0 if none).
  w_by_first INTEGER[] := array_fill(0, ARRAY[n]);
  -- Per entry replaying an entry of this batch: that entry.
  e_src INTEGER[] := array_fill(0, ARRAY[n]);
  w_list INTEGER[] := '{}';
  got_entry INTEGER[];
  got_id BIGINT[];
  d_first INTEGER[] := array_fill(0, ARRAY[n]);
  d_last INTEGER[] := array_fill(-1, ARRAY[n]);
  p_first INTEGER[] := array_fill(0, ARRAY[n]);
  p_last INTEGER[] := array_fill(-1, ARRAY[n]);
  p_after BIGINT[] := array_fill(NULL::BIGINT, ARRAY[coalesce(cardinality(p_entry), 0)]);
  i INTEGER;
  k INTEGER;
  j INTEGER;
  ok BOOLEAN;
BEGIN
  FOR k IN 1 .. coalesce(cardinality(d_entry), 0) LOOP
    IF d_last[d_entry[k]] < 0 THEN d_first[d_entry[k]] := k; END IF;
    d_last[d_entry[k]] := k;
  END LOOP;
  FOR k IN 1 .. coalesce(cardinality(p_entry), 0) LOOP
    IF p_last[p_entry[k]] < 0 THEN p_first[p_entry[k]] := k; END IF;
    p_last[p_entry[k]] := k;
  END LOOP;

  SELECT coalesce(array_agg(s.id ORDER BY s.id), '{}'), coalesce(array_agg(s.balance ORDER BY s.id), '{}')
    INTO ids, bals
    FROM (SELECT a.id, a.balance FROM ledger_accounts a
           WHERE a.id = ANY(d_account) ORDER BY a.id FOR UPDATE) s;
  orig := bals;
  SELECT coalesce(array_agg(array_position(ids, x.a) ORDER BY x.k), '{}') INTO d_slot
    FROM unnest(d_account) WITH ORDINALITY AS x(a, k);

  -- After the locks: every reference of the batch, its first entry and any earlier transaction.
  -- A subquery per reference: one index probe each, never a join over the whole table.
  SELECT array_agg(r.first ORDER BY r.i),
         array_agg((SELECT t.id FROM ledger_transactions t WHERE t.reference = r.ref) ORDER BY r.i)
    INTO e_first, e_old
    FROM (SELECT u.ref, u.i::int AS i, (min(u.i) OVER (PARTITION BY u.ref))::int AS first
            FROM unnest(e_reference) WITH ORDINALITY AS u(ref, i)) r;

  FOR i IN 1 .. n LOOP
    IF e_old[i] IS NOT NULL THEN
      out_kind[i] := 'replay';
      out_tid[i] := e_old[i];
      CONTINUE;
    END IF;
    IF w_by_first[e_first[i]] > 0 THEN
      out_kind[i] := 'replay';
      e_src[i] := w_by_first[e_first[i]];
      CONTINUE;
    END IF;
    ok := true;
    FOR k IN d_first[i] .. d_last[i] LOOP
      IF bals[d_slot[k]] + d_amount[k] < 0 THEN ok := false; END IF;
    END LOOP;
    IF NOT ok THEN
      out_kind[i] := 'refused';
      CONTINUE;
    END IF;
    out_kind[i] := 'written';
    w_by_first[e_first[i]] := i;
    w_list := w_list || i;
    FOR k IN d_first[i] .. d_last[i] LOOP
      bals[d_slot[k]] := bals[d_slot[k]] + d_amount[k];
    END LOOP;
    FOR k IN p_first[i] .. p_last[i] LOOP
      IF NOT p_house[k] AND d_first[i] > 0 THEN
        FOR j IN d_first[i] .. d_last[i] LOOP
          IF d_account[j] = p_account[k] THEN p_after[k] := bals[d_slot[j]]; END IF;
        END LOOP;
      END IF;
    END LOOP;
  END LOOP;

  IF cardinality(w_list) > 0 THEN
    WITH t AS (
      INSERT INTO ledger_transactions (reference, kind, memo, member_id, created_at)
      SELECT e_reference[w.i], e_kind[w.i], e_memo[w.i], e_member[w.i], e_at
        FROM unnest(w_list) WITH ORDINALITY AS w(i, ord)
       ORDER BY w.ord
      ON CONFLICT (reference) DO NOTHING
      RETURNING id, reference)
    SELECT coalesce(array_agg(w.i), '{}'), coalesce(array_agg(t.id), '{}') INTO got_entry, got_id
      FROM t JOIN unnest(w_list) AS w(i) ON e_reference[w.i] = t.reference;
    IF cardinality(got_entry) <> cardinality(w_list) THEN
      RAISE EXCEPTION 'ledger batch plan went stale: a reference was written meanwhile'
        USING ERRCODE = 'serialization_failure';
    END IF;
    FOR k IN 1 .. cardinality(got_entry) LOOP
      out_tid[got_entry[k]] := got_id[k];
    END LOOP;
    FOR i IN 1 .. n LOOP
      IF e_src[i] > 0 THEN out_tid[i] := out_tid[e_src[i]]; END IF;
    END LOOP;
  END IF;

  UPDATE ledger_accounts a SET balance = a.balance + (v.bal - v.orig)
    FROM unnest(ids, bals, orig) AS v(id, bal, orig)
   WHERE a.id = v.id AND v.bal <> v.orig AND a.id = ANY(ids);

  WITH p AS (
    INSERT INTO ledger_postings (transaction_id, account_id, asset, amount, balance_after, created_at)
    SELECT out_tid[x.entry], x.account_id, x.asset, x.amount, x.balance_after, e_at
      FROM unnest(p_entry, p_account, p_asset, p_amount, p_after, p_house)
             WITH ORDINALITY AS x(entry, account_id, asset, amount, balance_after, house, ord)
     WHERE out_kind[x.entry] = 'written'
     ORDER BY x.ord
    RETURNING id, account_id, amount)
  -- One roll-up row per house account the batch touches, carrying the sum of its postings there
  -- (under the first one's id), not one per posting: the roll-up adds sums either way, and the
  -- reconciliation (cached + pending = postings) is unchanged.
  INSERT INTO ledger_house_pending (posting_id, account_id, amount)
  SELECT min(p.id), p.account_id, sum(p.amount)::bigint FROM p
   WHERE p.account_id = ANY(SELECT x.a FROM unnest(p_account, p_house) AS x(a, h) WHERE x.h)
   GROUP BY p.account_id
  HAVING sum(p.amount) <> 0;

  RETURN QUERY SELECT r.o, r.t FROM unnest(out_kind, out_tid) AS r(o, t);
END
$$ LANGUAGE plpgsql
-- Every statement here reaches a few rows by key. A fresh or never analyzed database (a new
-- node, the benchmarks' scratch database) looks small to the planner, which then scans whole
-- tables — ledger_accounts for the lock and the update, measured at most of a batch's CPU — and
-- the plans are kept for the session. Index paths are what these statements are written for.
SET enable_seqscan = off;
