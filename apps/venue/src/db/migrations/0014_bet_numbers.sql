-- Bet numbers come from one sequence, a block of 1,000 per call, so two bets never share one
-- (they were ten random digits a day, which meet at volume). bet-numbers.service.ts formats them.
CREATE SEQUENCE venue_bet_numbers INCREMENT BY 1000 START WITH 1000 MINVALUE 1000;
