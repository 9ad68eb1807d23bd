-- Issue #39 items 1, 2 and 6 (docs/decisions/049-challenge-teams-and-why.md).
-- goal_mode: how progress is aggregated over the goal's measure (goal_type). 'total' is today's sum (or
-- count, or days); 'longest' is the longest single activity (a distance measure); 'group' is a shared club
-- total of distance, elevation or time: each participant's progress is their contribution, nobody is ranked.
-- (A new column, not new goal_type values: widening goal_type's CHECK means rebuilding challenges, and
-- dropping it would cascade into every participation.)
ALTER TABLE `challenges` ADD `goal_mode` text DEFAULT 'total' NOT NULL CHECK (`goal_mode` IN ('total', 'longest', 'group'));
--> statement-breakpoint
CREATE TABLE `challenge_teams` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`challenge_id` integer NOT NULL,
	`name` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	FOREIGN KEY (`challenge_id`) REFERENCES `challenges`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `challenge_teams_name_unique` ON `challenge_teams` (`challenge_id`, lower(`name`));
--> statement-breakpoint
ALTER TABLE `challenge_participations` ADD `team_id` integer REFERENCES `challenge_teams`(`id`) ON DELETE set null;
--> statement-breakpoint
-- The team board: SUM/COUNT of progress per team from the index.
CREATE INDEX `participations_team_progress_idx` ON `challenge_participations` (`team_id`, `progress`);
--> statement-breakpoint
-- Reaching the goal (issue #39 item 6): when the participant reached it (NULL: not, or no longer).
ALTER TABLE `challenge_participations` ADD `completed_at` integer;
--> statement-breakpoint
-- Every progress change (the activities hook, joining, recalculation, an admin's correction) keeps
-- completed_at: set the first time progress reaches the target, kept while it stays there, cleared below
-- it. A group goal's target is the club's, so nobody completes it alone.
CREATE TRIGGER `participations_completed` AFTER UPDATE OF `progress` ON `challenge_participations`
BEGIN
	UPDATE `challenge_participations` SET `completed_at` = (
		SELECT CASE WHEN c.goal_mode <> 'group'
			AND COALESCE(CASE WHEN c.goal_type = 'distance' THEN c.target_distance ELSE c.target END, 0) > 0
			AND NEW.progress >= CASE WHEN c.goal_type = 'distance' THEN c.target_distance ELSE c.target END
			THEN COALESCE(OLD.completed_at, unixepoch()) END
		FROM `challenges` c WHERE c.id = NEW.challenge_id)
	WHERE `id` = NEW.id;
END;
--> statement-breakpoint
-- Participants who reached their target before this migration: completed as of now (the trigger sets it).
UPDATE `challenge_participations` SET `progress` = `progress`;
