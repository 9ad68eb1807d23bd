-- Issue #41: who leads each running challenge (team = 0: a member; team = 1: a team), so the
-- cron can tell the one who loses the lead, and announce a team taking it, once per change.
CREATE TABLE `challenge_leads` (
	`challenge_id` integer NOT NULL REFERENCES `challenges`(`id`) ON DELETE CASCADE,
	`team` integer NOT NULL,
	`holder_id` integer NOT NULL,
	`since` integer NOT NULL,
	PRIMARY KEY (`challenge_id`, `team`)
);
