-- Care entries changed: their batches' group rows and their own rows (triggers of the group log:
-- see group_log_batches).
CREATE OR REPLACE FUNCTION group_log_after_entries() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM farm_write_lock(array_agg(farm_id))
    FROM (SELECT farm_id FROM new_rows UNION SELECT farm_id FROM old_rows) changed;
  PERFORM group_log_batches(array_agg(farm_id), array_agg(group_id), array_agg(batch_id))
    FROM (SELECT farm_id, group_id, batch_id FROM new_rows
          UNION SELECT farm_id, group_id, batch_id FROM old_rows) changed
    WHERE group_id IS NOT NULL HAVING count(*) > 0;
  PERFORM group_log_own(array_agg(farm_id), array_agg(id))
    FROM (SELECT farm_id, id FROM new_rows UNION ALL SELECT farm_id, id FROM old_rows) changed
    HAVING count(*) > 0;
  RETURN NULL;
END $$;
