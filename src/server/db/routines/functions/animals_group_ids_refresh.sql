-- An animal's group ids (animals.group_ids), kept from animal_groups so that a list reads them with
-- the animal instead of probing its memberships once per animal (decision 0021). Fired after an
-- insert or a delete on animal_groups; changed_rows are the memberships written or removed.
CREATE OR REPLACE FUNCTION animals_group_ids_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM farm_write_lock(array_agg(DISTINCT farm_id)) FROM changed_rows;
  UPDATE animals a SET group_ids = coalesce((
      SELECT array_agg(ag.group_id ORDER BY ag.group_id) FROM animal_groups ag
      WHERE ag.farm_id = a.farm_id AND ag.animal_id = a.id), '{}')
    FROM (SELECT DISTINCT farm_id, animal_id FROM changed_rows) c
    WHERE a.farm_id = c.farm_id AND a.id = c.animal_id;
  RETURN NULL;
END $$;
