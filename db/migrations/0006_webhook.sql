ALTER TABLE `strava_connections` ADD `webhook_sync_at` integer;--> statement-breakpoint
ALTER TABLE `strava_connections` ADD `webhook_sync_pending` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `strava_connections` ADD `webhook_checks_start` integer;--> statement-breakpoint
ALTER TABLE `strava_connections` ADD `webhook_checks` integer DEFAULT 0 NOT NULL;