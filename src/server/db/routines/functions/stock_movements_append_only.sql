-- A lot's stock is the sum of its movements (decision 0039): a movement once written is never
-- changed, so that no stock is edited silently; a wrong one is set right by a 'corrected' movement.
-- Only the links that deletions elsewhere clear may change (the recorder's account, the treatment).
CREATE OR REPLACE FUNCTION stock_movements_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'a stock movement is never changed: record a correction instead'
    USING ERRCODE = 'check_violation';
END $$;
