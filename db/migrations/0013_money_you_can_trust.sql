-- Refunds that cannot stall and can be settled by hand; notes on the audit trail (decision 030).
ALTER TABLE `event_refunds` ADD `attempts` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `event_refunds` ADD `next_attempt_at` integer;--> statement-breakpoint
ALTER TABLE `event_refunds` ADD `last_error` text;--> statement-breakpoint
ALTER TABLE `event_refunds` ADD `settled_by_user_id` integer REFERENCES `users`(`id`) ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE `event_refunds` ADD `note` text;--> statement-breakpoint
ALTER TABLE `event_refunds` ADD `late_payment` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `registration_audit` ADD `note` text;--> statement-breakpoint
CREATE INDEX `refunds_due_idx` ON `event_refunds` (`status`,`next_attempt_at`);--> statement-breakpoint
CREATE INDEX `refunds_registration_idx` ON `event_refunds` (`registration_id`);
