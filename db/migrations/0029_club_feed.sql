-- Issue #41 (decision 051): the club feed. Milestones, written where they happen (idempotent by
-- milestone_key), kudos (one per member and item), comments (hidden by admins, reported by members),
-- and the record marks that tell a new personal best from a first import.
ALTER TABLE `users` ADD `share_event_registrations` integer DEFAULT false NOT NULL;
--> statement-breakpoint
CREATE TABLE `feed_items` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`user_id` integer,
	`challenge_id` integer,
	`event_id` integer,
	`audience` text DEFAULT 'everyone' NOT NULL,
	`label` text NOT NULL,
	`value` real,
	`milestone_key` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`challenge_id`) REFERENCES `challenges`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "feed_items_audience_check" CHECK("feed_items"."audience" IN ('everyone', 'challenge', 'profile', 'events'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `feed_items_milestone_unique` ON `feed_items` (`milestone_key`);
--> statement-breakpoint
CREATE INDEX `feed_items_user_idx` ON `feed_items` (`user_id`,`id`);
--> statement-breakpoint
CREATE TABLE `feed_kudos` (
	`item_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	PRIMARY KEY(`item_id`, `user_id`),
	FOREIGN KEY (`item_id`) REFERENCES `feed_items`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `feed_comments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`item_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`body` text NOT NULL,
	`hidden_at` integer,
	`hidden_by` integer,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch()) NOT NULL,
	FOREIGN KEY (`item_id`) REFERENCES `feed_items`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`hidden_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "feed_comments_body_check" CHECK(length("feed_comments"."body") BETWEEN 1 AND 500)
);
--> statement-breakpoint
CREATE INDEX `feed_comments_item_idx` ON `feed_comments` (`item_id`,`id`);
--> statement-breakpoint
CREATE TABLE `feed_comment_reports` (
	`comment_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	PRIMARY KEY(`comment_id`, `user_id`),
	FOREIGN KEY (`comment_id`) REFERENCES `feed_comments`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `feed_record_marks` (
	`user_id` integer NOT NULL,
	`sport_type` text NOT NULL,
	`metric` text NOT NULL,
	`activity_id` integer NOT NULL,
	`value` real NOT NULL,
	PRIMARY KEY(`user_id`, `sport_type`, `metric`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
