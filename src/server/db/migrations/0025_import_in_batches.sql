-- Issue 23: a 'Download JSON' import is written in short batches, not one long transaction (which
-- held the embedded database, one connection for everyone, for the whole import). The farm is
-- marked while an import is under way: a second import waits its turn, and one that a crash
-- stopped half-way is cleared by the next.
ALTER TABLE farms ADD COLUMN import_started_at timestamptz;
