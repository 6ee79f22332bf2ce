-- The group-commit writer's batch as one statement (docs/architecture.md, "Group commit"): the
-- writer used to lock, read, plan in the node and write — BEGIN, two statements and COMMIT, four
-- round trips per batch, each a wait for the hot account's next batch. This function does the
-- same work where the rows are, so a batch is one round trip and, sent on its own, commits by
-- itself.
--
-- Entries are decided one after another in the order given, as `planBatch` (batch-plan.ts) does:
--   * a reference written before (or earlier in this batch) changes nothing: 'replay' with the
--     first transaction's id;
--   * an entry that would take a member balance below zero is 'refused' alone;
--   * otherwise it is 'written' and every posting to a member account gets the balance that
--     account has after the entry (NULL where the entry's postings to it net to zero).
-- Member accounts are locked in id order first (as every entry locks them), so batches and
-- single entries never deadlock on them; member_balance_not_negative still checks the result.
-- A reference another node writes meanwhile is found by ON CONFLICT, which waits for that
-- node's commit: the entry becomes a replay, never a second write.
--
-- Arguments: the entries (1-based, in order), each entry's member deltas (net change per member
-- account, nonzero) and postings as flat arrays numbered by their entry. Returns one row per
-- entry, in order.
CREATE FUNCTION ledger_post_batch(
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
  out_kind TEXT[] := array_fill(NULL::TEXT, ARRAY[n]);
  out_tid BIGINT[] := array_fill(NULL::BIGINT, ARRAY[n]);
  -- Each entry's deltas and postings, as [first, last] index ranges into the flat arrays.
  d_first INTEGER[] := array_fill(0, ARRAY[n]);
  d_last INTEGER[] := array_fill(-1, ARRAY[n]);
  p_first INTEGER[] := array_fill(0, ARRAY[n]);
  p_last INTEGER[] := array_fill(-1, ARRAY[n]);
  p_after BIGINT[] := array_fill(NULL::BIGINT, ARRAY[coalesce(cardinality(p_entry), 0)]);
  i INTEGER;
  k INTEGER;
  j INTEGER;
  ok BOOLEAN;
  tid BIGINT;
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

  FOR i IN 1 .. n LOOP
    ok := true;
    FOR k IN d_first[i] .. d_last[i] LOOP
      j := array_position(ids, d_account[k]);
      IF bals[j] + d_amount[k] < 0 THEN ok := false; END IF;
    END LOOP;
    IF NOT ok THEN
      -- A retry of an entry written before answers the first result, even if it would not fit now.
      SELECT t.id INTO tid FROM ledger_transactions t WHERE t.reference = e_reference[i];
      out_kind[i] := CASE WHEN tid IS NULL THEN 'refused' ELSE 'replay' END;
      out_tid[i] := tid;
      CONTINUE;
    END IF;
    tid := NULL;
    INSERT INTO ledger_transactions (reference, kind, memo, member_id, created_at)
      VALUES (e_reference[i], e_kind[i], e_memo[i], e_member[i], e_at)
      ON CONFLICT (reference) DO NOTHING RETURNING id INTO tid;
    IF tid IS NULL THEN
      SELECT t.id INTO tid FROM ledger_transactions t WHERE t.reference = e_reference[i];
      out_kind[i] := 'replay';
      out_tid[i] := tid;
      CONTINUE;
    END IF;
    out_kind[i] := 'written';
    out_tid[i] := tid;
    FOR k IN d_first[i] .. d_last[i] LOOP
      j := array_position(ids, d_account[k]);
      bals[j] := bals[j] + d_amount[k];
    END LOOP;
    FOR k IN p_first[i] .. p_last[i] LOOP
      IF NOT p_house[k] AND d_first[i] > 0
         AND array_position(d_account[d_first[i]:d_last[i]], p_account[k]) IS NOT NULL THEN
        p_after[k] := bals[array_position(ids, p_account[k])];
      END IF;
    END LOOP;
  END LOOP;

  UPDATE ledger_accounts a SET balance = a.balance + (v.bal - v.orig)
    FROM unnest(ids, bals, orig) AS v(id, bal, orig)
   WHERE a.id = v.id AND v.bal <> v.orig;

  WITH p AS (
    INSERT INTO ledger_postings (transaction_id, account_id, asset, amount, balance_after, created_at)
    SELECT out_tid[x.entry], x.account_id, x.asset, x.amount, x.balance_after, e_at
      FROM unnest(p_entry, p_account, p_asset, p_amount, p_after, p_house)
             WITH ORDINALITY AS x(entry, account_id, asset, amount, balance_after, house, ord)
     WHERE out_kind[x.entry] = 'written'
     ORDER BY x.ord
    RETURNING id, account_id, amount)
  INSERT INTO ledger_house_pending (posting_id, account_id, amount)
  SELECT p.id, p.account_id, p.amount FROM p
   WHERE p.account_id = ANY(SELECT x.a FROM unnest(p_account, p_house) AS x(a, h) WHERE x.h);

  RETURN QUERY SELECT r.o, r.t FROM unnest(out_kind, out_tid) AS r(o, t);
END
$$ LANGUAGE plpgsql;
