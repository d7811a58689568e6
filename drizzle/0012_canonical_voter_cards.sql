CREATE TABLE `card_claim_attempts` (
	`voter_card_number` text PRIMARY KEY NOT NULL,
	`attempts` integer NOT NULL,
	`window_started_at` integer NOT NULL,
	`locked_until` integer
);
--> statement-breakpoint
CREATE INDEX `card_claim_attempts_window_idx` ON `card_claim_attempts` (`window_started_at`);--> statement-breakpoint
CREATE TABLE `voter_card_collisions` (
	`voter_id` text PRIMARY KEY NOT NULL,
	`voter_card_number` text NOT NULL,
	`canonical` text NOT NULL,
	`found_at` integer NOT NULL,
	FOREIGN KEY (`voter_id`) REFERENCES `voters`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `voter_card_collisions_canonical_idx` ON `voter_card_collisions` (`canonical`);--> statement-breakpoint
DROP INDEX `voters_card_bare_idx`;--> statement-breakpoint
CREATE INDEX `voters_name_idx` ON `voters` (lower("full_name"));--> statement-breakpoint
CREATE INDEX `roll_flags_voter_idx` ON `roll_flags` (`voter_id`,`resolved_at`);--> statement-breakpoint
-- Existing card numbers become canonical (shared/voter-roll.ts canonicalVoterCardNumber). Stored numbers were
-- upper-cased ASCII letters, digits and dashes, so the rule in SQL is: upper case, separators dropped, O to 0, I
-- and L to 1. Entries whose canonical forms are equal (one card entered in two spellings) are not merged: they
-- keep their card as stored and are listed in voter_card_collisions for an operator (codka check and the startup
-- log report them). No converted number can clash with one left as it was: a stored spelling that is already
-- canonical is its own canonical form, so it would be one of the colliding group.
INSERT INTO `voter_card_collisions` (`voter_id`, `voter_card_number`, `canonical`, `found_at`)
SELECT `id`, `voter_card_number`, replace(replace(replace(replace(replace(replace(replace(replace(replace(upper(`voter_card_number`), ' ', ''), '-', ''), '.', ''), '/', ''), '_', ''), char(9), ''), 'O', '0'), 'I', '1'), 'L', '1'), CAST(strftime('%s', 'now') AS integer) * 1000
FROM `voters`
WHERE replace(replace(replace(replace(replace(replace(replace(replace(replace(upper(`voter_card_number`), ' ', ''), '-', ''), '.', ''), '/', ''), '_', ''), char(9), ''), 'O', '0'), 'I', '1'), 'L', '1') IN (
  SELECT replace(replace(replace(replace(replace(replace(replace(replace(replace(upper(`voter_card_number`), ' ', ''), '-', ''), '.', ''), '/', ''), '_', ''), char(9), ''), 'O', '0'), 'I', '1'), 'L', '1') FROM `voters` GROUP BY 1 HAVING count(*) > 1
);
--> statement-breakpoint
UPDATE `voters` SET `voter_card_number` = replace(replace(replace(replace(replace(replace(replace(replace(replace(upper(`voter_card_number`), ' ', ''), '-', ''), '.', ''), '/', ''), '_', ''), char(9), ''), 'O', '0'), 'I', '1'), 'L', '1')
WHERE `id` NOT IN (SELECT `voter_id` FROM `voter_card_collisions`)
  AND `voter_card_number` <> replace(replace(replace(replace(replace(replace(replace(replace(replace(upper(`voter_card_number`), ' ', ''), '-', ''), '.', ''), '/', ''), '_', ''), char(9), ''), 'O', '0'), 'I', '1'), 'L', '1');
