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
ALTER TABLE `email_tokens` ADD `email` text;