-- Issue 27 item 5, the cabinet's warnings on Home and in the daily email (decision 0042): each can be
-- dismissed. A lot's expiry warning stays dismissed while the lot is as it was then (still expiring,
-- or already expired); a medicine's low-stock warning stays dismissed until stock is received after
-- it. Nothing else is stored: which warnings there are is worked out from the lots and movements.
ALTER TABLE medicine_lots ADD COLUMN expiry_warning_dismissed_at timestamp with time zone;
--> statement-breakpoint
ALTER TABLE medicines ADD COLUMN low_stock_dismissed_at timestamp with time zone;
