-- Issue #42 (decision 059): when the member last opened the app (a page view or their "sync now"),
-- written at most once per 15 minutes; when the day's Strava reads are short, the hints of members
-- who opened it within the last hour are read first.
ALTER TABLE `sync_status` ADD `opened_at` integer;
