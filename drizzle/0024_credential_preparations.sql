CREATE TABLE `credential_preparations` (
	`election_id` text PRIMARY KEY NOT NULL,
	`status` text NOT NULL,
	`rule` text NOT NULL,
	`cursor` text,
	`watermark` integer NOT NULL,
	`checked` integer DEFAULT 0 NOT NULL,
	`total` integer DEFAULT 0 NOT NULL,
	`version` integer DEFAULT 0 NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`election_id`) REFERENCES `elections`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `eligibility_changes` (
	`seq` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text NOT NULL
);
--> statement-breakpoint
ALTER TABLE `verifiable_elections` ADD `credentials_list` text;--> statement-breakpoint
ALTER TABLE `verifiable_elections` ADD `credentials_count` integer;
--> statement-breakpoint
-- What a verifiable election's rule reads of an account (its contacts, whether it is active, its roll entry and
-- the entry's region), logged while a preparation of credentials exists: the opening then looks again at only
-- these accounts (server/services/verifiable/preparation.ts).
CREATE TRIGGER `eligibility_changes_user_insert` AFTER INSERT ON `users`
WHEN EXISTS (SELECT 1 FROM `credential_preparations`)
BEGIN INSERT INTO `eligibility_changes` (`user_id`) VALUES (NEW.`id`); END;
--> statement-breakpoint
CREATE TRIGGER `eligibility_changes_user_contacts` AFTER UPDATE OF `email`, `email_verified_at`, `phone`, `phone_confirmed_at` ON `users`
WHEN EXISTS (SELECT 1 FROM `credential_preparations`)
BEGIN INSERT INTO `eligibility_changes` (`user_id`) VALUES (NEW.`id`); END;
--> statement-breakpoint
CREATE TRIGGER `eligibility_changes_profile_insert` AFTER INSERT ON `profiles`
WHEN EXISTS (SELECT 1 FROM `credential_preparations`)
BEGIN INSERT INTO `eligibility_changes` (`user_id`) VALUES (NEW.`user_id`); END;
--> statement-breakpoint
CREATE TRIGGER `eligibility_changes_profile_update` AFTER UPDATE OF `is_active`, `user_id` ON `profiles`
WHEN EXISTS (SELECT 1 FROM `credential_preparations`)
BEGIN
  INSERT INTO `eligibility_changes` (`user_id`) VALUES (NEW.`user_id`);
  INSERT INTO `eligibility_changes` (`user_id`) SELECT OLD.`user_id` WHERE OLD.`user_id` IS NOT NEW.`user_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `eligibility_changes_profile_delete` AFTER DELETE ON `profiles`
WHEN EXISTS (SELECT 1 FROM `credential_preparations`)
BEGIN INSERT INTO `eligibility_changes` (`user_id`) VALUES (OLD.`user_id`); END;
--> statement-breakpoint
CREATE TRIGGER `eligibility_changes_voter_insert` AFTER INSERT ON `voters`
WHEN NEW.`user_id` IS NOT NULL AND EXISTS (SELECT 1 FROM `credential_preparations`)
BEGIN INSERT INTO `eligibility_changes` (`user_id`) VALUES (NEW.`user_id`); END;
--> statement-breakpoint
CREATE TRIGGER `eligibility_changes_voter_update` AFTER UPDATE OF `status`, `district_id`, `user_id` ON `voters`
WHEN EXISTS (SELECT 1 FROM `credential_preparations`)
BEGIN
  INSERT INTO `eligibility_changes` (`user_id`) SELECT NEW.`user_id` WHERE NEW.`user_id` IS NOT NULL;
  INSERT INTO `eligibility_changes` (`user_id`)
    SELECT OLD.`user_id` WHERE OLD.`user_id` IS NOT NULL AND OLD.`user_id` IS NOT NEW.`user_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `eligibility_changes_voter_delete` AFTER DELETE ON `voters`
WHEN OLD.`user_id` IS NOT NULL AND EXISTS (SELECT 1 FROM `credential_preparations`)
BEGIN INSERT INTO `eligibility_changes` (`user_id`) VALUES (OLD.`user_id`); END;
--> statement-breakpoint
CREATE TRIGGER `eligibility_changes_district_region` AFTER UPDATE OF `region` ON `districts`
WHEN EXISTS (SELECT 1 FROM `credential_preparations`)
BEGIN
  INSERT INTO `eligibility_changes` (`user_id`)
    SELECT `user_id` FROM `voters` WHERE `district_id` = NEW.`id` AND `user_id` IS NOT NULL;
END;
--> statement-breakpoint
-- An outside authority's list already given is whole: its count is its rows'.
UPDATE `verifiable_elections`
SET `credentials_list` = lower(hex(randomblob(16))),
  `credentials_count` = (SELECT count(*) FROM `election_credentials` c WHERE c.`election_id` = `verifiable_elections`.`election_id`)
WHERE `credential_authority` = 'external';
