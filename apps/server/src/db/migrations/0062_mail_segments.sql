-- Mail segments resolved when sent (contract §5 Mail): a segment (VIP range, registration days,
-- logged in within N days) or an explicit list of accounts becomes one recipient row per member,
-- written by one INSERT … SELECT; the member's inbox reads those rows. Mails sent before keep
-- their read-time match (resolved = FALSE).
ALTER TABLE mails DROP CONSTRAINT mails_audience_check;
ALTER TABLE mails ADD CONSTRAINT mails_audience_check
  CHECK (audience IN ('member', 'segment', 'list', 'all'));
ALTER TABLE mails ADD COLUMN resolved BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE mails ADD COLUMN active_within_days INTEGER;
ALTER TABLE mails ADD COLUMN user_names TEXT[];
ALTER TABLE mails ADD COLUMN recipients INTEGER;
CREATE TABLE mail_recipients (
  mail_id INTEGER NOT NULL REFERENCES mails (id),
  member_id INTEGER NOT NULL REFERENCES members (id),
  PRIMARY KEY (mail_id, member_id)
);
-- A member's inbox looks its own rows up.
CREATE INDEX mail_recipients_member_idx ON mail_recipients (member_id, mail_id);
