-- A stock movement's lot, kind, quantity, day or note changed: refused (only its links may be cleared).
-- Its function: functions/stock_movements_append_only.sql.
CREATE OR REPLACE TRIGGER stock_movements_append_only BEFORE UPDATE ON stock_movements
  FOR EACH ROW WHEN (
    (OLD.farm_id, OLD.id, OLD.lot_id, OLD.kind, OLD.quantity, OLD.occurred_on, OLD.note, OLD.created_at)
    IS DISTINCT FROM
    (NEW.farm_id, NEW.id, NEW.lot_id, NEW.kind, NEW.quantity, NEW.occurred_on, NEW.note, NEW.created_at)
  ) EXECUTE FUNCTION stock_movements_append_only();
