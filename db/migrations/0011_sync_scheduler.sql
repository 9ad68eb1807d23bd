ALTER TABLE `strava_connections` ADD `last_webhook_at` integer;--> statement-breakpoint
ALTER TABLE `strava_connections` ADD `webhook_hints` text DEFAULT '[]' NOT NULL;
