-- An operator's mail may be an offer (营销): such a mail is shown and pushed only to members the
-- eligibility gate allows marketing to (no break, no self-exclusion, not on the register, no
-- reached play limit: contract §5).
ALTER TABLE mails ADD COLUMN marketing BOOLEAN NOT NULL DEFAULT FALSE;
