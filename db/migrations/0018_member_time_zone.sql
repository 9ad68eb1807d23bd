-- The member's own time zone for dates and times in the app (issue #37 item 1,
-- docs/decisions/042-member-time-zone.md): an IANA name such as 'Europe/London'.
-- NULL: the browser's zone (the `tz` cookie), else the club's, Asia/Kolkata.
ALTER TABLE `users` ADD `time_zone` text;
