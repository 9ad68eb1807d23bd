-- Wari editions as data (issue #38, docs/decisions/038-wari-editions.md): one row per annual ride.
-- ride_date is the ride's calendar day in India (YYYY-MM-DD); the registration window is optional
-- (NULL: open from creation, closing at 00:00 IST of the ride day). Seeds the 2025 edition whose
-- texts the spec gives ('IAS CycleWari 2025 Challenge', 'June 7, 2025', 'Registered for 2025').
CREATE TABLE `wari_editions` (
	`year` integer PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`ride_date` text NOT NULL,
	`distance_km` integer DEFAULT 250 NOT NULL,
	`start_place` text,
	`description` text,
	`registration_opens_at` integer,
	`registration_closes_at` integer,
	`event_id` integer,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch()) NOT NULL,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "wari_editions_year_check" CHECK(year BETWEEN 2000 AND 2200),
	CONSTRAINT "wari_editions_distance_check" CHECK(distance_km BETWEEN 1 AND 1000),
	CONSTRAINT "wari_editions_ride_date_check" CHECK(ride_date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]' AND substr(ride_date, 1, 4) = CAST(year AS TEXT))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `wari_editions_ride_date_unique` ON `wari_editions` (`ride_date`);
--> statement-breakpoint
INSERT INTO `wari_editions` (`year`, `name`, `ride_date`, `distance_km`, `description`)
VALUES (2025, 'IAS CycleWari 2025', '2025-06-07', 250, 'The one-day 250 km challenge.');
