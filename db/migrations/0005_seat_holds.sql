ALTER TABLE `event_registrations` ADD `hold_expires_at` integer;--> statement-breakpoint
ALTER TABLE `event_registrations` ADD `released_at` integer;--> statement-breakpoint
ALTER TABLE `event_registrations` ADD `release_reason` text;--> statement-breakpoint
CREATE INDEX `registrations_status_hold_idx` ON `event_registrations` (`payment_status`,`hold_expires_at`);