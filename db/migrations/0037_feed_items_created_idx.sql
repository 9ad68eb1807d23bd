-- Issue #41 (decision 054): the weekly digest's club highlights read one week of the feed by
-- created_at for every range of 50 members; an index keeps that read to the week's items.
CREATE INDEX `feed_items_created_idx` ON `feed_items` (`created_at`);
