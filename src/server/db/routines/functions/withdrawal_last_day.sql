-- The last day of an entry's withdrawal: null for none (no period, or 0 days); the same rule as
-- withdrawalLastDay in src/shared/care/withdrawal.ts.
--
-- The animals' stored last days (animals_withdrawal_refresh) come from it: a change of what it
-- returns needs a migration that recomputes them.
CREATE OR REPLACE FUNCTION withdrawal_last_day(given date, days smallint) RETURNS date
  LANGUAGE sql IMMUTABLE AS $$ SELECT CASE WHEN days > 0 THEN given + days END $$;
