-- One row per counter key (its current window) instead of one per key and window: counting becomes a
-- single upsert, with no deletion of the key's older windows on every hit. The index on windowStart
-- goes too: a count then writes one row instead of two, and the cron's sweep scans the table (one
-- row per live key). No table references rate_limits, so rebuilding it touches nothing else. A key
-- keeps its latest window (SQLite takes the bare column `count` from the row holding max(windowStart)).
CREATE TABLE `__new_rate_limits` (
	`key` text PRIMARY KEY NOT NULL,
	`windowStart` integer NOT NULL,
	`count` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
INSERT INTO `__new_rate_limits`("key", "windowStart", "count") SELECT "key", max("windowStart"), "count" FROM `rate_limits` GROUP BY "key";--> statement-breakpoint
DROP TABLE `rate_limits`;--> statement-breakpoint
ALTER TABLE `__new_rate_limits` RENAME TO `rate_limits`;
