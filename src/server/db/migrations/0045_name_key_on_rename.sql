-- Issue 31 (decision 0059): an animal's name_key, the list's natural order, is no longer a stored
-- generated column. PostgreSQL computes a stored generated column again at every update of its row,
-- whatever the update changes: a weigh-in for 17 animals, which writes their latest weights, ran
-- natural_sort_key 17 times (25 µs a call on a slow day) for names it did not touch. The column
-- keeps its values, its collation ("C") and its index; a BEFORE trigger sets it when a row is
-- inserted or its name is written (routines/functions/animals_name_key.sql, defined here too so
-- that any later migration's writes keep it).
ALTER TABLE animals ALTER COLUMN name_key DROP EXPRESSION;--> statement-breakpoint
CREATE OR REPLACE FUNCTION animals_name_key() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.name_key := natural_sort_key(NEW.name);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE OR REPLACE TRIGGER animals_name_key BEFORE INSERT OR UPDATE OF name ON animals
  FOR EACH ROW EXECUTE FUNCTION animals_name_key();
