-- Issue #42 (decision 059): when the member last opened the app (a page view or their "sync now"),
-- written at most once per 15 minutes; when the day's Strava reads are short, the hints of members
-- who opened it within the last hour are read first.
ALTER TABLE `sync_status` ADD `opened_at` integer;
-- The members who opened the app within the hour, found by range (budget.server.ts hintTiers).
CREATE INDEX `sync_status_opened_idx` ON `sync_status` (`opened_at`);
