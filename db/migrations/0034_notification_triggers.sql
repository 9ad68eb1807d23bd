-- Issue #41: the cron's reminders (a challenge starting or ending within two days, a Wari edition's
-- registration opening), each fired once: its key is written after every member's notification is queued.
CREATE TABLE `notification_triggers` (
	`key` text PRIMARY KEY NOT NULL,
	`fired_at` integer NOT NULL
);
