CREATE TABLE `event_refunds` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`payment_record_id` integer,
	`registration_id` integer,
	`event_id` integer,
	`payment_id` text NOT NULL,
	`idempotency_key` text NOT NULL,
	`razorpay_refund_id` text,
	`amount` integer NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch()) NOT NULL,
	FOREIGN KEY (`payment_record_id`) REFERENCES `payments`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`registration_id`) REFERENCES `event_registrations`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "refunds_status_check" CHECK(status IN ('pending', 'processed', 'failed')),
	CONSTRAINT "refunds_amount_check" CHECK("event_refunds"."amount" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `refunds_payment_record_unique` ON `event_refunds` (`payment_record_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `refunds_idempotency_unique` ON `event_refunds` (`idempotency_key`);--> statement-breakpoint
CREATE UNIQUE INDEX `refunds_razorpay_unique` ON `event_refunds` (`razorpay_refund_id`);--> statement-breakpoint
CREATE INDEX `refunds_status_idx` ON `event_refunds` (`status`);--> statement-breakpoint
CREATE TABLE `event_waitlist` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`event_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`phone` text NOT NULL,
	`emergency_contact` text NOT NULL,
	`position` integer NOT NULL,
	`status` text DEFAULT 'waiting' NOT NULL,
	`offered_at` integer,
	`offer_expires_at` integer,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch()) NOT NULL,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "waitlist_status_check" CHECK(status IN ('waiting', 'offered', 'registered', 'lapsed', 'left'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `waitlist_event_user_unique` ON `event_waitlist` (`event_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `waitlist_event_status_position_idx` ON `event_waitlist` (`event_id`,`status`,`position`);--> statement-breakpoint
CREATE TABLE `registration_audit` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`registration_id` integer NOT NULL,
	`actor` text NOT NULL,
	`actor_user_id` integer,
	`from_state` text NOT NULL,
	`to_state` text NOT NULL,
	`at` integer DEFAULT (unixepoch()) NOT NULL,
	FOREIGN KEY (`registration_id`) REFERENCES `event_registrations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`actor_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "audit_actor_check" CHECK(actor IN ('member', 'admin', 'system', 'razorpay'))
);
--> statement-breakpoint
CREATE INDEX `audit_registration_idx` ON `registration_audit` (`registration_id`,`at`);--> statement-breakpoint
ALTER TABLE `event_registrations` ADD `check_in_code` text;--> statement-breakpoint
ALTER TABLE `event_registrations` ADD `checked_in_at` integer;--> statement-breakpoint
ALTER TABLE `event_registrations` ADD `reminder_7d_sent_at` integer;--> statement-breakpoint
ALTER TABLE `event_registrations` ADD `reminder_1d_sent_at` integer;--> statement-breakpoint
ALTER TABLE `event_registrations` ADD `receipt_sent_at` integer;--> statement-breakpoint
CREATE UNIQUE INDEX `registrations_check_in_code_unique` ON `event_registrations` (`check_in_code`);--> statement-breakpoint
ALTER TABLE `events` ADD `refund_full_days` integer DEFAULT 7 NOT NULL;--> statement-breakpoint
ALTER TABLE `events` ADD `refund_partial_percent` integer DEFAULT 50 NOT NULL;--> statement-breakpoint
ALTER TABLE `events` ADD `refund_partial_days` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `events` ADD `cancelled_at` integer;