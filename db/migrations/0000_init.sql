CREATE TABLE `activities` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`strava_id` integer NOT NULL,
	`name` text NOT NULL,
	`type` text NOT NULL,
	`sport_type` text NOT NULL,
	`distance` real DEFAULT 0 NOT NULL,
	`moving_time` integer DEFAULT 0 NOT NULL,
	`elapsed_time` integer DEFAULT 0 NOT NULL,
	`total_elevation_gain` real DEFAULT 0 NOT NULL,
	`start_date` integer NOT NULL,
	`start_date_local` text NOT NULL,
	`timezone` text,
	`commute` integer DEFAULT false NOT NULL,
	`trainer` integer DEFAULT false NOT NULL,
	`manual` integer DEFAULT false NOT NULL,
	`average_speed` real,
	`max_speed` real,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch()) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `activities_strava_id_unique` ON `activities` (`strava_id`);--> statement-breakpoint
CREATE INDEX `activities_user_sport_start_idx` ON `activities` (`user_id`,`sport_type`,`start_date`);--> statement-breakpoint
CREATE INDEX `activities_user_start_idx` ON `activities` (`user_id`,`start_date`);--> statement-breakpoint
CREATE INDEX `activities_user_commute_idx` ON `activities` (`user_id`,`commute`,`start_date`);--> statement-breakpoint
CREATE TABLE `challenge_participations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`challenge_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`progress` real DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch()) NOT NULL,
	FOREIGN KEY (`challenge_id`) REFERENCES `challenges`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `participations_challenge_user_unique` ON `challenge_participations` (`challenge_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `participations_user_idx` ON `challenge_participations` (`user_id`);--> statement-breakpoint
CREATE INDEX `participations_challenge_progress_idx` ON `challenge_participations` (`challenge_id`,`progress`);--> statement-breakpoint
CREATE TABLE `challenge_progress_audit` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`challenge_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`admin_id` integer,
	`old_progress` real NOT NULL,
	`new_progress` real NOT NULL,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	FOREIGN KEY (`challenge_id`) REFERENCES `challenges`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`admin_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `progress_audit_challenge_idx` ON `challenge_progress_audit` (`challenge_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `challenges` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`title` text NOT NULL,
	`description` text NOT NULL,
	`target_distance` real,
	`target_time` integer,
	`sport_type` text DEFAULT 'Run' NOT NULL,
	`start_date` integer NOT NULL,
	`end_date` integer NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`created_by` integer,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch()) NOT NULL,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "challenges_sport_check" CHECK(sport_type IN ('Run', 'Ride', 'Swim', 'Walk', 'Hike', 'AllSports')),
	CONSTRAINT "challenges_dates_check" CHECK("challenges"."end_date" > "challenges"."start_date"),
	CONSTRAINT "challenges_target_check" CHECK("challenges"."target_distance" IS NULL OR ("challenges"."target_distance" >= 0 AND "challenges"."target_distance" <= 2000000000))
);
--> statement-breakpoint
CREATE INDEX `challenges_active_end_idx` ON `challenges` (`is_active`,`end_date`);--> statement-breakpoint
CREATE TABLE `email_tokens` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`purpose` text NOT NULL,
	`token_hash` text NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "email_tokens_purpose_check" CHECK(purpose IN ('verify_email', 'reset_password'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `email_tokens_hash_unique` ON `email_tokens` (`token_hash`);--> statement-breakpoint
CREATE INDEX `email_tokens_user_idx` ON `email_tokens` (`user_id`,`purpose`);--> statement-breakpoint
CREATE TABLE `event_history` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`event_year` integer NOT NULL,
	`event_name` text NOT NULL,
	`is_historical` integer DEFAULT true NOT NULL,
	`activity_id` integer,
	`activity_name` text,
	`distance_achieved` real,
	`completed` integer DEFAULT false NOT NULL,
	`start_time` integer,
	`end_time` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`activity_id`) REFERENCES `activities`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `event_history_user_year_unique` ON `event_history` (`user_id`,`event_year`);--> statement-breakpoint
CREATE TABLE `event_registrations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`event_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`phone` text NOT NULL,
	`emergency_contact` text NOT NULL,
	`payment_status` text DEFAULT 'pending' NOT NULL,
	`registration_date` integer DEFAULT (unixepoch()) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch()) NOT NULL,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "registrations_status_check" CHECK(payment_status IN ('pending', 'paid', 'completed'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `registrations_event_user_unique` ON `event_registrations` (`event_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `registrations_user_idx` ON `event_registrations` (`user_id`);--> statement-breakpoint
CREATE INDEX `registrations_event_status_idx` ON `event_registrations` (`event_id`,`payment_status`);--> statement-breakpoint
CREATE TABLE `events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`title` text NOT NULL,
	`description` text NOT NULL,
	`date` integer NOT NULL,
	`location` text NOT NULL,
	`fee` integer DEFAULT 0 NOT NULL,
	`max_participants` integer,
	`is_active` integer DEFAULT true NOT NULL,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch()) NOT NULL,
	CONSTRAINT "events_fee_check" CHECK("events"."fee" >= 0),
	CONSTRAINT "events_capacity_check" CHECK("events"."max_participants" IS NULL OR "events"."max_participants" > 0)
);
--> statement-breakpoint
CREATE INDEX `events_date_idx` ON `events` (`is_active`,`date`);--> statement-breakpoint
CREATE TABLE `feedback` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer,
	`feedback_type` text NOT NULL,
	`subject` text NOT NULL,
	`message` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`screenshot_key` text,
	`admin_response` text,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch()) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "feedback_type_check" CHECK(feedback_type IN ('bug', 'feature', 'improvement', 'praise', 'other')),
	CONSTRAINT "feedback_status_check" CHECK(status IN ('pending', 'in_progress', 'resolved', 'closed'))
);
--> statement-breakpoint
CREATE INDEX `feedback_user_idx` ON `feedback` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `feedback_status_idx` ON `feedback` (`status`,`created_at`);--> statement-breakpoint
CREATE TABLE `fitness_profiles` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`preferred_sport_types` text NOT NULL,
	`avg_weekly_distance` real DEFAULT 0 NOT NULL,
	`avg_weekly_duration` real DEFAULT 0 NOT NULL,
	`avg_weekly_elevation` real DEFAULT 0 NOT NULL,
	`fitness_level` text DEFAULT 'beginner' NOT NULL,
	`insights` text NOT NULL,
	`last_updated` integer DEFAULT (unixepoch()) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "fitness_profiles_level_check" CHECK(fitness_level IN ('beginner', 'intermediate', 'advanced', 'elite'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `fitness_profiles_user_unique` ON `fitness_profiles` (`user_id`);--> statement-breakpoint
CREATE TABLE `payments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`registration_id` integer NOT NULL,
	`order_id` text NOT NULL,
	`payment_id` text,
	`amount` integer NOT NULL,
	`currency` text DEFAULT 'INR' NOT NULL,
	`status` text DEFAULT 'created' NOT NULL,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch()) NOT NULL,
	FOREIGN KEY (`registration_id`) REFERENCES `event_registrations`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "payments_status_check" CHECK(status IN ('created', 'paid', 'failed')),
	CONSTRAINT "payments_amount_check" CHECK("payments"."amount" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payments_order_unique` ON `payments` (`order_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `payments_payment_unique` ON `payments` (`payment_id`);--> statement-breakpoint
CREATE INDEX `payments_registration_idx` ON `payments` (`registration_id`);--> statement-breakpoint
CREATE TABLE `provider_budget` (
	`provider` text NOT NULL,
	`window` text NOT NULL,
	`window_start` integer NOT NULL,
	`used` integer DEFAULT 0 NOT NULL,
	`limit` integer NOT NULL,
	`updated_at` integer DEFAULT (unixepoch()) NOT NULL,
	PRIMARY KEY(`provider`, `window`)
);
--> statement-breakpoint
CREATE TABLE `rate_limits` (
	`key` text NOT NULL,
	`window_start` integer NOT NULL,
	`count` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`key`, `window_start`)
);
--> statement-breakpoint
CREATE TABLE `recommendations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`title` text NOT NULL,
	`sport_type` text NOT NULL,
	`difficulty` text DEFAULT 'moderate' NOT NULL,
	`description` text NOT NULL,
	`target_duration` integer,
	`target_distance` real,
	`status` text DEFAULT 'pending' NOT NULL,
	`recommendation_date` integer DEFAULT (unixepoch()) NOT NULL,
	`completed_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "recommendations_sport_check" CHECK(sport_type IN ('Run', 'Ride', 'Swim')),
	CONSTRAINT "recommendations_difficulty_check" CHECK(difficulty IN ('easy', 'moderate', 'hard')),
	CONSTRAINT "recommendations_status_check" CHECK(status IN ('pending', 'completed', 'skipped'))
);
--> statement-breakpoint
CREATE INDEX `recommendations_user_status_idx` ON `recommendations` (`user_id`,`status`,`recommendation_date`);--> statement-breakpoint
CREATE TABLE `strava_connections` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`athlete_id` integer NOT NULL,
	`access_token_enc` text NOT NULL,
	`refresh_token_enc` text NOT NULL,
	`expires_at` integer NOT NULL,
	`scope` text,
	`token_expired` integer DEFAULT false NOT NULL,
	`token_version` integer DEFAULT 1 NOT NULL,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch()) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `strava_connections_athlete_unique` ON `strava_connections` (`athlete_id`);--> statement-breakpoint
CREATE TABLE `sync_jobs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`mode` text NOT NULL,
	`initiated_by` text NOT NULL,
	`status` text DEFAULT 'queued' NOT NULL,
	`after_epoch` integer,
	`next_page` integer DEFAULT 1 NOT NULL,
	`pages_done` integer DEFAULT 0 NOT NULL,
	`activities_saved` integer DEFAULT 0 NOT NULL,
	`error` text,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	`finished_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "sync_jobs_status_check" CHECK(status IN ('idle', 'queued', 'running', 'deferred', 'completed', 'error'))
);
--> statement-breakpoint
CREATE INDEX `sync_jobs_user_idx` ON `sync_jobs` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `sync_status` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`state` text DEFAULT 'idle' NOT NULL,
	`mode` text,
	`error` text,
	`progress_current` integer DEFAULT 0 NOT NULL,
	`progress_total` integer DEFAULT 0 NOT NULL,
	`current_job_id` integer,
	`initiated_by` text,
	`started_at` integer,
	`last_sync_at` integer,
	`updated_at` integer DEFAULT (unixepoch()) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "sync_status_state_check" CHECK(state IN ('idle', 'queued', 'running', 'deferred', 'completed', 'error'))
);
--> statement-breakpoint
CREATE INDEX `sync_status_last_sync_idx` ON `sync_status` (`last_sync_at`);--> statement-breakpoint
CREATE TABLE `training_plans` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`event_year` integer NOT NULL,
	`category` text NOT NULL,
	`start_date` integer NOT NULL,
	`plan_details` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch()) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `training_plans_user_year_unique` ON `training_plans` (`user_id`,`event_year`);--> statement-breakpoint
CREATE TABLE `training_progress` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`plan_id` integer NOT NULL,
	`week` integer NOT NULL,
	`completed_workouts` text NOT NULL,
	`updated_at` integer DEFAULT (unixepoch()) NOT NULL,
	FOREIGN KEY (`plan_id`) REFERENCES `training_plans`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `training_progress_plan_week_unique` ON `training_progress` (`plan_id`,`week`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`username` text NOT NULL,
	`email` text NOT NULL,
	`password_hash` text,
	`is_admin` integer DEFAULT false NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`is_verified` integer DEFAULT false NOT NULL,
	`google_id` text,
	`strava_id` integer,
	`profile_completed` integer DEFAULT false NOT NULL,
	`profile_image_url` text,
	`gender` text,
	`age` integer,
	`first_name` text,
	`last_name` text,
	`tshirt_size` text,
	`jersey_size` text,
	`blood_group` text,
	`emergency_contact_name` text,
	`emergency_contact_phone` text,
	`emergency_contact_relation` text,
	`session_version` integer DEFAULT 1 NOT NULL,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch()) NOT NULL,
	CONSTRAINT "users_gender_check" CHECK("users"."gender" IS NULL OR gender IN ('male', 'female', 'other', 'not_specified')),
	CONSTRAINT "users_tshirt_check" CHECK("users"."tshirt_size" IS NULL OR tshirt_size IN ('XS', 'S', 'M', 'L', 'XL', 'XXL', 'XXXL')),
	CONSTRAINT "users_jersey_check" CHECK("users"."jersey_size" IS NULL OR jersey_size IN ('XS', 'S', 'M', 'L', 'XL', 'XXL', 'XXXL')),
	CONSTRAINT "users_blood_check" CHECK("users"."blood_group" IS NULL OR blood_group IN ('A+', 'A-', 'B+', 'B-', 'AB+', 'AB-', 'O+', 'O-', 'Unknown')),
	CONSTRAINT "users_age_check" CHECK("users"."age" IS NULL OR "users"."age" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_username_unique` ON `users` (lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX `users_google_id_unique` ON `users` (`google_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `users_strava_id_unique` ON `users` (`strava_id`);--> statement-breakpoint
CREATE INDEX `users_created_at_idx` ON `users` (`created_at`);--> statement-breakpoint
CREATE TABLE `wari_registrations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`event_year` integer NOT NULL,
	`event_name` text NOT NULL,
	`category` text,
	`registered_at` integer DEFAULT (unixepoch()) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `wari_registrations_user_year_unique` ON `wari_registrations` (`user_id`,`event_year`);