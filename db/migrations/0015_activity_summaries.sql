-- Issue #36: the members' activity summaries, rebuilt for the member in the same batch as every
-- write of their activities (app/modules/activities/summaries.server.ts), so the dashboard no
-- longer reads every one of their rows on each view. Backfilled here from the existing activities.
CREATE TABLE `activity_day_totals` (
	`user_id` integer NOT NULL REFERENCES `users`(`id`) ON DELETE cascade,
	`day` text NOT NULL,
	`sport_type` text NOT NULL,
	`activity_count` integer NOT NULL,
	`distance` real NOT NULL,
	`moving_time` integer NOT NULL,
	`elevation` real NOT NULL,
	PRIMARY KEY (`user_id`, `day`, `sport_type`)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TABLE `activity_records` (
	`user_id` integer NOT NULL REFERENCES `users`(`id`) ON DELETE cascade,
	`sport_type` text NOT NULL,
	`metric` text NOT NULL,
	`activity_id` integer NOT NULL,
	`value` real NOT NULL,
	PRIMARY KEY (`user_id`, `sport_type`, `metric`)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TABLE `activity_sport_totals` (
	`user_id` integer NOT NULL REFERENCES `users`(`id`) ON DELETE cascade,
	`sport_type` text NOT NULL,
	`activity_count` integer NOT NULL,
	`distance` real NOT NULL,
	`moving_time` integer NOT NULL,
	`elevation` real NOT NULL,
	PRIMARY KEY (`user_id`, `sport_type`)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TABLE `activity_month_totals` (
	`user_id` integer NOT NULL REFERENCES `users`(`id`) ON DELETE cascade,
	`month` text NOT NULL,
	`activity_count` integer NOT NULL,
	`distance` real NOT NULL,
	PRIMARY KEY (`user_id`, `month`)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE INDEX `activity_month_totals_month_idx` ON `activity_month_totals` (`month`,`user_id`,`activity_count`,`distance`);
--> statement-breakpoint
INSERT INTO activity_day_totals (user_id, day, sport_type, activity_count, distance, moving_time, elevation)
  SELECT user_id, substr(start_date_local, 1, 10), sport_type, count(*), sum(distance), sum(moving_time), sum(total_elevation_gain)
  FROM activities WHERE 1 = 1
  GROUP BY user_id, substr(start_date_local, 1, 10), sport_type;
--> statement-breakpoint
INSERT INTO activity_records (user_id, sport_type, metric, activity_id, value)
  WITH best AS (
    SELECT user_id, sport_type,
      max(CASE WHEN distance > 0 THEN distance END) AS d,
      max(CASE WHEN moving_time > 0 THEN moving_time END) AS t,
      max(CASE WHEN total_elevation_gain > 0 THEN total_elevation_gain END) AS e,
      max(CASE WHEN moving_time > 0 AND distance >= (CASE CASE WHEN sport_type IN ('Ride', 'VirtualRide', 'MountainBikeRide', 'GravelRide') THEN 'Ride' WHEN sport_type IN ('Run', 'TrailRun', 'VirtualRun') THEN 'Run' WHEN sport_type IN ('Swim') THEN 'Swim' WHEN sport_type IN ('Walk') THEN 'Walk' WHEN sport_type IN ('Hike') THEN 'Hike' ELSE 'Other' END WHEN 'Ride' THEN 20000 WHEN 'Run' THEN 5000 WHEN 'Swim' THEN 400 WHEN 'Walk' THEN 3000 WHEN 'Hike' THEN 5000 ELSE NULL END) THEN distance * 1.0 / moving_time END) AS f
    FROM activities WHERE 1 = 1
    GROUP BY user_id, sport_type
  ), candidates AS (
    SELECT a.user_id, a.sport_type, 'distance' AS metric, a.id, a.start_date_local, b.d AS value
      FROM best AS b JOIN activities AS a ON a.user_id = b.user_id AND a.sport_type = b.sport_type AND a.distance = b.d
      WHERE b.d IS NOT NULL
    UNION ALL SELECT a.user_id, a.sport_type, 'time' AS metric, a.id, a.start_date_local, b.t AS value
      FROM best AS b JOIN activities AS a ON a.user_id = b.user_id AND a.sport_type = b.sport_type AND a.moving_time = b.t
      WHERE b.t IS NOT NULL
    UNION ALL SELECT a.user_id, a.sport_type, 'climb' AS metric, a.id, a.start_date_local, b.e AS value
      FROM best AS b JOIN activities AS a ON a.user_id = b.user_id AND a.sport_type = b.sport_type AND a.total_elevation_gain = b.e
      WHERE b.e IS NOT NULL
    UNION ALL SELECT a.user_id, a.sport_type, 'fastest' AS metric, a.id, a.start_date_local, b.f AS value
      FROM best AS b JOIN activities AS a ON a.user_id = b.user_id AND a.sport_type = b.sport_type AND a.moving_time > 0 AND a.distance >= (CASE CASE WHEN a.sport_type IN ('Ride', 'VirtualRide', 'MountainBikeRide', 'GravelRide') THEN 'Ride' WHEN a.sport_type IN ('Run', 'TrailRun', 'VirtualRun') THEN 'Run' WHEN a.sport_type IN ('Swim') THEN 'Swim' WHEN a.sport_type IN ('Walk') THEN 'Walk' WHEN a.sport_type IN ('Hike') THEN 'Hike' ELSE 'Other' END WHEN 'Ride' THEN 20000 WHEN 'Run' THEN 5000 WHEN 'Swim' THEN 400 WHEN 'Walk' THEN 3000 WHEN 'Hike' THEN 5000 ELSE NULL END) AND a.distance * 1.0 / a.moving_time = b.f
      WHERE b.f IS NOT NULL
  )
  SELECT user_id, sport_type, metric, id, value FROM (
    SELECT *, row_number() OVER (PARTITION BY user_id, sport_type, metric ORDER BY start_date_local, id) AS rn
    FROM candidates
  ) WHERE rn = 1;
--> statement-breakpoint
INSERT INTO activity_sport_totals (user_id, sport_type, activity_count, distance, moving_time, elevation)
  SELECT user_id, sport_type, count(*), sum(distance), sum(moving_time), sum(total_elevation_gain)
  FROM activities WHERE 1 = 1
  GROUP BY user_id, sport_type;
--> statement-breakpoint
INSERT INTO activity_month_totals (user_id, month, activity_count, distance)
  SELECT user_id, strftime('%Y-%m', start_date, 'unixepoch'), count(*), sum(distance)
  FROM activities WHERE 1 = 1
  GROUP BY user_id, strftime('%Y-%m', start_date, 'unixepoch');
