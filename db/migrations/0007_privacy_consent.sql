-- D1 runs a migration in one transaction: defer FK checks to its end instead of switching them off.
PRAGMA defer_foreign_keys = on;--> statement-breakpoint
CREATE TABLE `__new_payments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`registration_id` integer,
	`event_id` integer,
	`order_id` text NOT NULL,
	`payment_id` text,
	`amount` integer NOT NULL,
	`currency` text DEFAULT 'INR' NOT NULL,
	`status` text DEFAULT 'created' NOT NULL,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch()) NOT NULL,
	FOREIGN KEY (`registration_id`) REFERENCES `event_registrations`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "payments_status_check" CHECK(status IN ('created', 'paid', 'failed')),
	CONSTRAINT "payments_amount_check" CHECK("__new_payments"."amount" >= 0)
);
--> statement-breakpoint
INSERT INTO `__new_payments`("id", "registration_id", "event_id", "order_id", "payment_id", "amount", "currency", "status", "created_at", "updated_at") SELECT "id", "registration_id", (SELECT r."event_id" FROM `event_registrations` r WHERE r."id" = `payments`."registration_id"), "order_id", "payment_id", "amount", "currency", "status", "created_at", "updated_at" FROM `payments`;--> statement-breakpoint
DROP TABLE `payments`;--> statement-breakpoint
ALTER TABLE `__new_payments` RENAME TO `payments`;--> statement-breakpoint
PRAGMA defer_foreign_keys = off;--> statement-breakpoint
CREATE UNIQUE INDEX `payments_order_unique` ON `payments` (`order_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `payments_payment_unique` ON `payments` (`payment_id`);--> statement-breakpoint
CREATE INDEX `payments_registration_idx` ON `payments` (`registration_id`);--> statement-breakpoint
CREATE INDEX `payments_event_idx` ON `payments` (`event_id`);--> statement-breakpoint
ALTER TABLE `challenge_participations` ADD `share_activities` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `share_activities` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `keep_strava_activities_at` integer;