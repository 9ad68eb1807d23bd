ALTER TABLE `strava_connections` ADD `refresh_claimed_until` integer;--> statement-breakpoint
ALTER TABLE `sync_status` ADD `member_sync_at` integer;--> statement-breakpoint
ALTER TABLE `sync_status` ADD `resumes_at` integer;