-- Care entries removed: their batches' group rows recomputed, their own rows gone.
CREATE OR REPLACE FUNCTION group_log_after_entries_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM farm_write_lock(array_agg(DISTINCT farm_id)) FROM old_rows;
  PERFORM group_log_batches(array_agg(farm_id), array_agg(group_id), array_agg(batch_id))
    FROM (SELECT DISTINCT farm_id, group_id, batch_id FROM old_rows WHERE group_id IS NOT NULL) changed
    HAVING count(*) > 0;
  DELETE FROM group_log l USING old_rows o WHERE l.farm_id = o.farm_id AND l.row_id = o.id AND l.own;
  RETURN NULL;
END $$;
