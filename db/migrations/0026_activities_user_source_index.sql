-- Issue #36 (decision 047): the member's activities by source from an index. The Strava page counts the
-- member's Strava activities (what a disconnect deletes) on every view: 20,000 row reads for a member with
-- years of data (~6.5 ms in sqlite3), against a covering index range (~0.5 ms).
CREATE INDEX `activities_user_source_idx` ON `activities` (`user_id`,`source`);
