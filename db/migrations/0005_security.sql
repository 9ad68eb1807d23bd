CREATE TABLE `account_link_tokens` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`provider` text NOT NULL,
	`provider_user_id` text NOT NULL,
	`picture` text,
	`token_hash` text NOT NULL,
	`email` text NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `account_link_tokens_hash_unique` ON `account_link_tokens` (`token_hash`);--> statement-breakpoint
CREATE INDEX `account_link_tokens_user_idx` ON `account_link_tokens` (`user_id`);--> statement-breakpoint
ALTER TABLE `activities` ADD `private` integer;--> statement-breakpoint
ALTER TABLE `activities` ADD `visibility` text;--> statement-breakpoint
ALTER TABLE `email_tokens` ADD `email` text;--> statement-breakpoint
ALTER TABLE `event_registrations` ADD `hold_expires_at` integer;--> statement-breakpoint
ALTER TABLE `event_registrations` ADD `released_at` integer;--> statement-breakpoint
ALTER TABLE `event_registrations` ADD `release_reason` text;--> statement-breakpoint
CREATE INDEX `registrations_status_hold_idx` ON `event_registrations` (`payment_status`,`hold_expires_at`);--> statement-breakpoint
ALTER TABLE `strava_connections` ADD `refresh_claimed_until` integer;--> statement-breakpoint
ALTER TABLE `sync_status` ADD `member_sync_at` integer;--> statement-breakpoint
ALTER TABLE `sync_status` ADD `resumes_at` integer;