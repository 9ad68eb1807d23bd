-- The Strava athlete's name as the token answer gives it (firstname lastname), so the member's
-- Strava card names the account it is linked to (issue #37). Written on every connect and
-- sign-in with Strava; NULL for links made before this column (the card then shows the id).
ALTER TABLE `strava_connections` ADD `athlete_name` text;
