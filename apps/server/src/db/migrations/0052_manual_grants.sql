-- An operator's manual grant (人工发放) is a grant of kind 'manual' (source: the approval or the
-- call that made it); above the promo threshold it waits for a second operator.
ALTER TABLE grants DROP CONSTRAINT grants_kind_check;
ALTER TABLE grants ADD CONSTRAINT grants_kind_check
  CHECK (kind IN ('activity', 'vipUpgrade', 'vipMonthly', 'vipBirthday', 'rebate', 'checkin', 'flip', 'invite', 'peakBet', 'mall', 'commission', 'manual'));
