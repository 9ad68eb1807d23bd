CREATE TABLE `uploads` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`filename` text NOT NULL,
	`kind` text NOT NULL,
	`size` integer NOT NULL,
	`r2_key` text NOT NULL,
	`status` text DEFAULT 'queued' NOT NULL,
	`message` text,
	`saved` integer DEFAULT 0 NOT NULL,
	`duplicates` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch()) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "uploads_kind_check" CHECK(kind IN ('fit', 'gpx', 'tcx', 'csv', 'zip')),
	CONSTRAINT "uploads_status_check" CHECK(status IN ('queued', 'saved', 'duplicate', 'refused'))
);
--> statement-breakpoint
CREATE INDEX `uploads_user_idx` ON `uploads` (`user_id`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `uploads_r2_key_unique` ON `uploads` (`r2_key`);--> statement-breakpoint
-- D1 runs a migration in one transaction: defer FK checks to its end instead of switching them off.
-- DROP TABLE still fires ON DELETE actions: event_history.activity_id (SET NULL) is kept aside and restored.
CREATE TABLE `__keep_event_history` AS SELECT `id`, `activity_id` FROM `event_history` WHERE `activity_id` IS NOT NULL;--> statement-breakpoint
PRAGMA defer_foreign_keys = on;--> statement-breakpoint
CREATE TABLE `__new_activities` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`strava_id` integer,
	`source` text DEFAULT 'strava' NOT NULL,
	`upload_id` integer,
	`name` text NOT NULL,
	`type` text NOT NULL,
	`sport_type` text NOT NULL,
	`distance` real DEFAULT 0 NOT NULL,
	`moving_time` integer DEFAULT 0 NOT NULL,
	`elapsed_time` integer DEFAULT 0 NOT NULL,
	`total_elevation_gain` real DEFAULT 0 NOT NULL,
	`start_date` integer NOT NULL,
	`start_date_local` text NOT NULL,
	`timezone` text,
	`commute` integer DEFAULT false NOT NULL,
	`trainer` integer DEFAULT false NOT NULL,
	`manual` integer DEFAULT false NOT NULL,
	`average_speed` real,
	`max_speed` real,
	`average_heartrate` real,
	`max_heartrate` real,
	`private` integer,
	`visibility` text,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch()) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`upload_id`) REFERENCES `uploads`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "activities_source_check" CHECK(source IN ('strava', 'file', 'archive', 'manual')),
	CONSTRAINT "activities_strava_id_check" CHECK(("__new_activities"."source" = 'strava') = ("__new_activities"."strava_id" IS NOT NULL))
);
--> statement-breakpoint
INSERT INTO `__new_activities`("id", "user_id", "strava_id", "source", "upload_id", "name", "type", "sport_type", "distance", "moving_time", "elapsed_time", "total_elevation_gain", "start_date", "start_date_local", "timezone", "commute", "trainer", "manual", "average_speed", "max_speed", "average_heartrate", "max_heartrate", "private", "visibility", "created_at", "updated_at") SELECT "id", "user_id", "strava_id", 'strava', NULL, "name", "type", "sport_type", "distance", "moving_time", "elapsed_time", "total_elevation_gain", "start_date", "start_date_local", "timezone", "commute", "trainer", "manual", "average_speed", "max_speed", NULL, NULL, "private", "visibility", "created_at", "updated_at" FROM `activities`;--> statement-breakpoint
DROP TABLE `activities`;--> statement-breakpoint
ALTER TABLE `__new_activities` RENAME TO `activities`;--> statement-breakpoint
PRAGMA defer_foreign_keys = off;--> statement-breakpoint
UPDATE `event_history` SET `activity_id` = (SELECT k.`activity_id` FROM `__keep_event_history` k WHERE k.`id` = `event_history`.`id`) WHERE `id` IN (SELECT `id` FROM `__keep_event_history`);--> statement-breakpoint
DROP TABLE `__keep_event_history`;--> statement-breakpoint
CREATE UNIQUE INDEX `activities_strava_id_unique` ON `activities` (`strava_id`);--> statement-breakpoint
CREATE INDEX `activities_user_sport_start_idx` ON `activities` (`user_id`,`sport_type`,`start_date`);--> statement-breakpoint
CREATE INDEX `activities_user_start_idx` ON `activities` (`user_id`,`start_date`);--> statement-breakpoint
CREATE INDEX `activities_user_commute_idx` ON `activities` (`user_id`,`commute`,`start_date`);--> statement-breakpoint
CREATE INDEX `activities_user_sport_distance_idx` ON `activities` (`user_id`,`sport_type`,`distance`,`moving_time`,`total_elevation_gain`);--> statement-breakpoint
CREATE INDEX `activities_start_user_distance_idx` ON `activities` (`start_date`,`user_id`,`distance`);--> statement-breakpoint
CREATE INDEX `activities_upload_idx` ON `activities` (`upload_id`);--> statement-breakpoint
ALTER TABLE `challenges` ADD `sources` text DEFAULT 'strava,file,archive' NOT NULL;