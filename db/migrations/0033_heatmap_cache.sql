-- Issue #36: the member's heatmaps as last drawn, emptied by every change of their activities or tracks.
CREATE TABLE `heatmap_cache` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`generation` integer DEFAULT 0 NOT NULL,
	`maps` text DEFAULT '{}' NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
