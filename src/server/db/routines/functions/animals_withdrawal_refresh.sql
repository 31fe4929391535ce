-- Each animal keeps the last day of each withdrawal over all its medical entries (the date given
-- plus the days; withdrawalLastDay in src/shared/care/withdrawal.ts), kept by triggers in the
-- write's transaction so that lists read it with the row; whether that day has passed is the
-- reader's question, asked in the farm's time zone (decision 0023). With them, the kinds whose last
-- day comes from an organic treatment (withdrawal_organic, migration 0034): the badge says so, since
-- the period is the label's doubled (decision 0040). A tie counts as organic.
--
-- This one recomputes the animals' last days from their medical entries (bounded by each
-- one's history), under the farms' write lock (farm_write_lock).
CREATE OR REPLACE FUNCTION animals_withdrawal_refresh(farm_ids uuid[], animal_ids uuid[]) RETURNS void
LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  -- no entry carried a period (a note, a weighing): no lock, no work
  IF farm_ids IS NULL THEN
    RETURN;
  END IF;
  PERFORM farm_write_lock(farm_ids);
  UPDATE animals a SET meat_withdrawal_until = w.meat, milk_withdrawal_until = w.milk,
    egg_withdrawal_until = w.egg, withdrawal_organic = w.organic
  FROM (
    SELECT farm_id, animal_id, meat, milk, egg,
      array_remove(ARRAY[
        CASE WHEN meat IS NOT NULL AND meat_organic THEN 'meat' END,
        CASE WHEN milk IS NOT NULL AND milk_organic THEN 'milk' END,
        CASE WHEN egg IS NOT NULL AND egg_organic THEN 'eggs' END], NULL) AS organic
    FROM (
      SELECT k.farm_id, k.animal_id,
        max(d.meat) AS meat, max(d.milk) AS milk, max(d.egg) AS egg,
        -- the flag of the entry with the latest last day of each kind
        (array_agg(e.organic ORDER BY d.meat DESC NULLS LAST, e.organic DESC))[1] AS meat_organic,
        (array_agg(e.organic ORDER BY d.milk DESC NULLS LAST, e.organic DESC))[1] AS milk_organic,
        (array_agg(e.organic ORDER BY d.egg DESC NULLS LAST, e.organic DESC))[1] AS egg_organic
      FROM (SELECT DISTINCT * FROM unnest(farm_ids, animal_ids) AS k(farm_id, animal_id)) k
      LEFT JOIN care_entries e ON e.farm_id = k.farm_id AND e.animal_id = k.animal_id AND e.type = 'medical'
      LEFT JOIN LATERAL (SELECT
          withdrawal_last_day(e.date_recorded, e.meat_withdrawal_days) AS meat,
          withdrawal_last_day(e.date_recorded, e.milk_withdrawal_days) AS milk,
          withdrawal_last_day(e.date_recorded, e.egg_withdrawal_days) AS egg) d ON true
      GROUP BY k.farm_id, k.animal_id
    ) last_days
  ) w
  WHERE a.farm_id = w.farm_id AND a.id = w.animal_id
    AND (a.meat_withdrawal_until, a.milk_withdrawal_until, a.egg_withdrawal_until, a.withdrawal_organic)
      IS DISTINCT FROM (w.meat, w.milk, w.egg, w.organic);
END $$;
