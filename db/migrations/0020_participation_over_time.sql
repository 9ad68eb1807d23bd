-- The admin report Participation over time (docs/decisions/040-charts-on-a-phone-and-reports.md):
-- challenge joins and event registrations counted per week by their time column, without a table scan.
CREATE INDEX `participations_created_idx` ON `challenge_participations` (`created_at`);
--> statement-breakpoint
CREATE INDEX `registrations_date_idx` ON `event_registrations` (`registration_date`,`released_at`);
