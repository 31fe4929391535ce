-- Each animal keeps the last day of each withdrawal over all its medical entries (the date given
-- plus the days; withdrawalLastDay in src/shared/care/withdrawal.ts), kept by triggers in the
-- write's transaction so that lists read it with the row; whether that day has passed is the
-- reader's question, asked in the farm's time zone (decision 0023).
--
-- This one recomputes the animals' last days from their medical entries (bounded by each
-- one's history).
CREATE OR REPLACE FUNCTION animals_withdrawal_refresh(farm_ids uuid[], animal_ids uuid[]) RETURNS void
LANGUAGE sql AS $$
  UPDATE animals a SET meat_withdrawal_until = w.meat, milk_withdrawal_until = w.milk,
    egg_withdrawal_until = w.egg
  FROM (
    SELECT k.farm_id, k.animal_id,
      max(withdrawal_last_day(e.date_recorded, e.meat_withdrawal_days)) AS meat,
      max(withdrawal_last_day(e.date_recorded, e.milk_withdrawal_days)) AS milk,
      max(withdrawal_last_day(e.date_recorded, e.egg_withdrawal_days)) AS egg
    FROM (SELECT DISTINCT * FROM unnest(farm_ids, animal_ids) AS k(farm_id, animal_id)) k
    LEFT JOIN care_entries e ON e.farm_id = k.farm_id AND e.animal_id = k.animal_id AND e.type = 'medical'
    GROUP BY k.farm_id, k.animal_id
  ) w
  WHERE a.farm_id = w.farm_id AND a.id = w.animal_id
    AND (a.meat_withdrawal_until, a.milk_withdrawal_until, a.egg_withdrawal_until)
      IS DISTINCT FROM (w.meat, w.milk, w.egg);
$$;
