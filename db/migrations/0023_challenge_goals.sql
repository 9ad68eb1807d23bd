-- Goal kinds for challenges (issue #39 item 1, docs/decisions/043-challenge-goal-kinds.md).
-- goal_type: what progress counts. 'distance' is today's (metres, target_distance);
-- 'elevation' (metres gained), 'time' (moving seconds), 'days' (IST calendar days
-- with qualifying activities, at least min_per_day metres that day when set) and
-- 'count' (qualifying activities) keep their target in `target`, in the goal's unit.
-- sport_types: a comma list of Strava sport types that count; NULL counts the
-- sport_type group as before.
ALTER TABLE `challenges` ADD `goal_type` text DEFAULT 'distance' NOT NULL CHECK (`goal_type` IN ('distance', 'elevation', 'time', 'days', 'count'));
ALTER TABLE `challenges` ADD `target` real CHECK (`target` IS NULL OR (`target` >= 0 AND `target` <= 2000000000));
ALTER TABLE `challenges` ADD `min_per_day` real CHECK (`min_per_day` IS NULL OR (`min_per_day` >= 0 AND `min_per_day` <= 2000000000));
ALTER TABLE `challenges` ADD `sport_types` text;
