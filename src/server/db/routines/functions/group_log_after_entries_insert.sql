-- Care entries written: their batches' group rows and their own rows. (An insert has no old rows
-- and a delete no new ones, so each has its own function.)
CREATE OR REPLACE FUNCTION group_log_after_entries_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM farm_write_lock(array_agg(DISTINCT farm_id)) FROM new_rows;
  PERFORM group_log_batches(array_agg(farm_id), array_agg(group_id), array_agg(batch_id))
    FROM (SELECT DISTINCT farm_id, group_id, batch_id FROM new_rows WHERE group_id IS NOT NULL) changed
    HAVING count(*) > 0;
  PERFORM group_log_own(array_agg(n.farm_id), array_agg(n.id))
    FROM new_rows n
    -- only animals with a group other than the entry's have own rows to write
    WHERE EXISTS (SELECT 1 FROM animal_groups m WHERE m.farm_id = n.farm_id AND m.animal_id = n.animal_id
                  AND m.group_id IS DISTINCT FROM n.group_id)
    HAVING count(*) > 0;
  RETURN NULL;
END $$;
