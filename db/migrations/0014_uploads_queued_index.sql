-- The cron's sweep of uploads stuck in the queue (docs/decisions/032-activity-limits.md):
-- only queued rows, oldest first, without scanning every upload.
CREATE INDEX `uploads_queued_idx` ON `uploads` (`created_at`) WHERE status = 'queued';
