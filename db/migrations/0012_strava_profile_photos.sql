ALTER TABLE `users` ADD `strava_photo_url` text;--> statement-breakpoint
ALTER TABLE `users` ADD `show_strava_photo` integer DEFAULT false NOT NULL;--> statement-breakpoint
-- Strava photos that sign-in with Strava stored as the profile image move to their own column (decision 029).
UPDATE `users` SET `strava_photo_url` = `profile_image_url`, `profile_image_url` = NULL
WHERE `strava_id` IS NOT NULL AND instr(`profile_image_url`, '/' || `strava_id` || '/') > 0;
