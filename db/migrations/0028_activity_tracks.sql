-- Issue #40 (decision 050): an activity's track beside its row (the lists never read it), and the member's
-- privacy zone for maps others may see.
CREATE TABLE `activity_tracks` (
	`activity_id` integer PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`polyline` text,
	`splits` text,
	`profile` text,
	`detail_fetched_at` integer,
	`updated_at` integer DEFAULT (unixepoch()) NOT NULL,
	FOREIGN KEY (`activity_id`) REFERENCES `activities`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `activity_tracks_user_idx` ON `activity_tracks` (`user_id`);
--> statement-breakpoint
ALTER TABLE `users` ADD `map_privacy_metres` integer DEFAULT 200 NOT NULL CHECK (`map_privacy_metres` IN (0, 200, 500, 1000));
