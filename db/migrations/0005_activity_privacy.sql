ALTER TABLE `activities` ADD `private` integer;--> statement-breakpoint
ALTER TABLE `activities` ADD `visibility` text;