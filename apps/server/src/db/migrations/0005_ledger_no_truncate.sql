-- Append-only means TRUNCATE too (issue: wallet). 0002/0003 refuse UPDATE and DELETE row by
-- row, but TRUNCATE fires no row triggers; a statement-level BEFORE TRUNCATE trigger refuses it
-- (also when reached through TRUNCATE … CASCADE from another table). refuse_change() only
-- raises, so it serves statement triggers as well.

CREATE TRIGGER ledger_postings_no_truncate BEFORE TRUNCATE ON ledger_postings
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_change();
CREATE TRIGGER ledger_transactions_no_truncate BEFORE TRUNCATE ON ledger_transactions
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_change();
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_change();
