-- Issue 31 (decision 0053): a group's log rows stay whole in their table up to 8 KB. A batch's row
-- (its JSON names every animal: 2.8 KB for 17) passed PostgreSQL's 2 KB threshold and was
-- compressed when written and decompressed at every page read: keeping it as written took a page
-- of 25 such rows from 0.37–0.38 to 0.33–0.34 ms (bench:explain, the same rows rewritten both
-- ways). Rows written from now on; a bigger batch's row is still compressed past 8 KB.
ALTER TABLE group_log SET (toast_tuple_target = 8160);
