-- Wari results (issue #38 item 5, docs/decisions/045-wari-results.md): one row per registered member
-- per edition, the result computed from their rides started on the ride's calendar day in India
-- (status finished / partial / no_ride and the longest ride's numbers), and the admin's review:
-- 'confirmed' (the computed result, frozen) or 'corrected' (the admin's values), by whom and when.
-- Every review is a row of wari_result_audit.
CREATE TABLE `wari_results` (
	`edition_year` integer NOT NULL,
	`user_id` integer NOT NULL,
	`status` text NOT NULL,
	`activity_id` integer,
	`activity_name` text,
	`distance_m` real,
	`moving_time` integer,
	`elapsed_time` integer,
	`started_at` integer,
	`computed_at` integer DEFAULT (unixepoch()) NOT NULL,
	`review` text,
	`reviewed_status` text,
	`reviewed_distance_m` real,
	`reviewed_moving_time` integer,
	`reviewed_elapsed_time` integer,
	`reviewed_by` integer,
	`reviewed_at` integer,
	PRIMARY KEY(`edition_year`, `user_id`),
	FOREIGN KEY (`edition_year`) REFERENCES `wari_editions`(`year`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`activity_id`) REFERENCES `activities`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`reviewed_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "wari_results_status_check" CHECK(status IN ('finished','partial','no_ride')),
	CONSTRAINT "wari_results_review_check" CHECK(review IS NULL OR review IN ('confirmed','corrected')),
	CONSTRAINT "wari_results_reviewed_status_check" CHECK(reviewed_status IS NULL OR reviewed_status IN ('finished','partial','no_ride'))
);
--> statement-breakpoint
CREATE INDEX `wari_results_user_idx` ON `wari_results` (`user_id`,`edition_year`);
--> statement-breakpoint
CREATE TABLE `wari_result_audit` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`edition_year` integer NOT NULL,
	`user_id` integer NOT NULL,
	`admin_id` integer,
	`action` text NOT NULL,
	`from_result` text NOT NULL,
	`to_result` text NOT NULL,
	`note` text,
	`at` integer DEFAULT (unixepoch()) NOT NULL,
	FOREIGN KEY (`edition_year`) REFERENCES `wari_editions`(`year`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`admin_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "wari_result_audit_action_check" CHECK(action IN ('confirmed','corrected'))
);
--> statement-breakpoint
CREATE INDEX `wari_result_audit_edition_idx` ON `wari_result_audit` (`edition_year`,`at`);
