-- Delivery state of the event e-mails per kind and registration (docs/decisions/031): a failed
-- receipt or reminder is retried by the cron, a sent one never again.
CREATE TABLE `email_deliveries` (
	`kind` text NOT NULL,
	`registration_id` integer NOT NULL,
	`status` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	`updated_at` integer DEFAULT (unixepoch()) NOT NULL,
	PRIMARY KEY(`kind`, `registration_id`),
	FOREIGN KEY (`registration_id`) REFERENCES `event_registrations`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "email_deliveries_kind_check" CHECK(kind IN ('receipt', 'reminder_7d', 'reminder_1d')),
	CONSTRAINT "email_deliveries_status_check" CHECK(status IN ('sent', 'failed'))
);
--> statement-breakpoint
CREATE INDEX `email_deliveries_status_idx` ON `email_deliveries` (`status`,`kind`);
