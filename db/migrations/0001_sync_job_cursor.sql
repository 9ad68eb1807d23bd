ALTER TABLE `sync_jobs` ADD `before_epoch` integer;--> statement-breakpoint
ALTER TABLE `sync_jobs` ADD `server_errors` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- SQLite cannot ADD COLUMN with a non-constant default; new rows get unixepoch() from the app.
ALTER TABLE `sync_jobs` ADD `updated_at` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `sync_jobs_status_updated_idx` ON `sync_jobs` (`status`,`updated_at`);