-- Issue #41 items 3 and 4 (decision 054): the weekly digest and the admin Health panel.
-- One digest per member and IST week (primary key): the cron's reruns and the queue's redeliveries add nothing.
CREATE TABLE `digest_sends` (
	`user_id` integer NOT NULL,
	`week` text NOT NULL,
	`status` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	`updated_at` integer DEFAULT (unixepoch()) NOT NULL,
	PRIMARY KEY(`user_id`, `week`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "digest_sends_status_check" CHECK("digest_sends"."status" IN ('sending', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE INDEX `digest_sends_status_idx` ON `digest_sends` (`status`,`updated_at`);
--> statement-breakpoint
-- Where the digest's batches stopped (keyset over member id), so the next cron run continues.
CREATE TABLE `digest_cursor` (
	`id` integer PRIMARY KEY NOT NULL,
	`week` text NOT NULL,
	`last_user_id` integer DEFAULT 0 NOT NULL,
	`done` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- Every scheduled run: which cron, when it started and finished, and how it ended.
CREATE TABLE `cron_runs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`cron` text NOT NULL,
	`started_at` integer NOT NULL,
	`finished_at` integer,
	`ok` integer,
	`error` text
);
--> statement-breakpoint
CREATE INDEX `cron_runs_started_idx` ON `cron_runs` (`started_at`);
--> statement-breakpoint
-- What reached a dead-letter queue (wrangler.toml), kept for the Health panel and its retry.
CREATE TABLE `dead_letters` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`queue` text NOT NULL,
	`message_id` text NOT NULL,
	`body` text NOT NULL,
	`received_at` integer NOT NULL,
	`retried_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `dead_letters_message_unique` ON `dead_letters` (`queue`,`message_id`);
--> statement-breakpoint
CREATE INDEX `dead_letters_received_idx` ON `dead_letters` (`received_at`);
