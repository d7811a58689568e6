-- Accounts on a phone number: users.email becomes optional (an account has an e-mail address, a phone number or
-- both), users.phone holds the confirmed-or-pending number in E.164 with a unique index, and phone_codes keeps
-- the codes sent by SMS. The poll rule 'verifiedEmail' becomes 'verifiedContact' (a confirmed e-mail address or
-- phone number): stored rules and the eligible-voter counts are rewritten, so existing polls keep their meaning
-- (no account has a phone number yet, so the count is the same).
-- SQLite cannot make a column nullable in place: users and polls are rebuilt. migrateDb runs the migrations
-- with foreign keys off (a DROP TABLE would otherwise delete every row that references the table) and checks
-- them after. The triggers of 0010 that read users are dropped first and made again below for both contacts.
DROP TRIGGER `eligible_after_profile_insert`;
--> statement-breakpoint
DROP TRIGGER `eligible_after_profile_delete`;
--> statement-breakpoint
DROP TRIGGER `eligible_after_profile_update`;
--> statement-breakpoint
DROP TRIGGER `eligible_after_user_email_update`;
--> statement-breakpoint
DROP TRIGGER `eligible_before_user_delete`;
--> statement-breakpoint
CREATE TABLE `phone_codes` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`phone` text NOT NULL,
	`purpose` text NOT NULL,
	`code_hash` text NOT NULL,
	`wrong_tries` integer DEFAULT 0 NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `phone_codes_user_id_idx` ON `phone_codes` (`user_id`);--> statement-breakpoint
CREATE INDEX `phone_codes_phone_idx` ON `phone_codes` (`phone`);--> statement-breakpoint
CREATE TABLE `__new_users` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text,
	`password_hash` text,
	`email_verified_at` integer,
	`phone` text,
	`phone_confirmed_at` integer,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
INSERT INTO `__new_users`("id", "email", "password_hash", "email_verified_at", "created_at") SELECT "id", "email", "password_hash", "email_verified_at", "created_at" FROM `users`;--> statement-breakpoint
DROP TABLE `users`;--> statement-breakpoint
ALTER TABLE `__new_users` RENAME TO `users`;--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);--> statement-breakpoint
CREATE UNIQUE INDEX `users_phone_unique` ON `users` (`phone`);--> statement-breakpoint
CREATE TABLE `__new_polls` (
	`id` text PRIMARY KEY NOT NULL,
	`title` text NOT NULL,
	`month_year` text NOT NULL,
	`election_type` text DEFAULT 'presidential' NOT NULL,
	`status` text DEFAULT 'draft' NOT NULL,
	`opens_at` integer NOT NULL,
	`closes_at` integer NOT NULL,
	`created_by` text,
	`created_at` integer NOT NULL,
	`eligibility` text DEFAULT 'verifiedContact' NOT NULL,
	`duplicate_month` integer DEFAULT false NOT NULL,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
INSERT INTO `__new_polls`("id", "title", "month_year", "election_type", "status", "opens_at", "closes_at", "created_by", "created_at", "eligibility", "duplicate_month") SELECT "id", "title", "month_year", "election_type", "status", "opens_at", "closes_at", "created_by", "created_at", "eligibility", "duplicate_month" FROM `polls`;--> statement-breakpoint
DROP TABLE `polls`;--> statement-breakpoint
ALTER TABLE `__new_polls` RENAME TO `polls`;--> statement-breakpoint
CREATE INDEX `polls_status_idx` ON `polls` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `polls_month_idx` ON `polls` (`month_year`);--> statement-breakpoint
CREATE UNIQUE INDEX `polls_type_month_unique` ON `polls` (`election_type`,`month_year`) WHERE "polls"."duplicate_month" = 0;
--> statement-breakpoint
UPDATE `polls` SET `eligibility` = 'verifiedContact' WHERE `eligibility` = 'verifiedEmail';
--> statement-breakpoint
UPDATE `elections` SET `eligibility` = 'verifiedContact' WHERE `eligibility` = 'verifiedEmail';
--> statement-breakpoint
UPDATE `eligible_voter_counts` SET `rule` = 'verifiedContact' WHERE `rule` = 'verifiedEmail';
--> statement-breakpoint
-- An account counts under 'verifiedContact' while it is active and has a confirmed e-mail address or a
-- confirmed phone number: the same triggers as 0010, on the pair.
CREATE TRIGGER `eligible_after_profile_insert` AFTER INSERT ON `profiles` WHEN NEW.`is_active` BEGIN
  UPDATE `eligible_voter_counts` SET `voters` = `voters` + 1 WHERE `rule` = 'signedIn' AND `region` = '';
  UPDATE `eligible_voter_counts` SET `voters` = `voters` + 1 WHERE `rule` = 'verifiedContact' AND `region` = ''
    AND (SELECT `email_verified_at` IS NOT NULL OR `phone_confirmed_at` IS NOT NULL FROM `users` WHERE `id` = NEW.`user_id`);
END;
--> statement-breakpoint
-- A user's deletion removes its profile by cascade after the user row is gone: the user's own trigger (below)
-- takes the confirmed contact off, and here the lookup finds no user and takes nothing off twice.
CREATE TRIGGER `eligible_after_profile_delete` AFTER DELETE ON `profiles` WHEN OLD.`is_active` BEGIN
  UPDATE `eligible_voter_counts` SET `voters` = `voters` - 1 WHERE `rule` = 'signedIn' AND `region` = '';
  UPDATE `eligible_voter_counts` SET `voters` = `voters` - 1 WHERE `rule` = 'verifiedContact' AND `region` = ''
    AND (SELECT `email_verified_at` IS NOT NULL OR `phone_confirmed_at` IS NOT NULL FROM `users` WHERE `id` = OLD.`user_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `eligible_after_profile_update` AFTER UPDATE OF `is_active`, `user_id` ON `profiles` BEGIN
  UPDATE `eligible_voter_counts` SET `voters` = `voters` - (OLD.`is_active` <> 0) + (NEW.`is_active` <> 0)
    WHERE `rule` = 'signedIn' AND `region` = '';
  UPDATE `eligible_voter_counts` SET `voters` = `voters`
    - (OLD.`is_active` <> 0 AND coalesce((SELECT `email_verified_at` IS NOT NULL OR `phone_confirmed_at` IS NOT NULL FROM `users` WHERE `id` = OLD.`user_id`), 0))
    + (NEW.`is_active` <> 0 AND coalesce((SELECT `email_verified_at` IS NOT NULL OR `phone_confirmed_at` IS NOT NULL FROM `users` WHERE `id` = NEW.`user_id`), 0))
    WHERE `rule` = 'verifiedContact' AND `region` = '';
END;
--> statement-breakpoint
CREATE TRIGGER `eligible_after_user_contact_update` AFTER UPDATE OF `email_verified_at`, `phone_confirmed_at` ON `users` BEGIN
  UPDATE `eligible_voter_counts` SET `voters` = `voters`
    - (OLD.`email_verified_at` IS NOT NULL OR OLD.`phone_confirmed_at` IS NOT NULL)
    + (NEW.`email_verified_at` IS NOT NULL OR NEW.`phone_confirmed_at` IS NOT NULL)
    WHERE `rule` = 'verifiedContact' AND `region` = ''
    AND EXISTS (SELECT 1 FROM `profiles` WHERE `user_id` = NEW.`id` AND `is_active`);
END;
--> statement-breakpoint
CREATE TRIGGER `eligible_before_user_delete` BEFORE DELETE ON `users`
WHEN OLD.`email_verified_at` IS NOT NULL OR OLD.`phone_confirmed_at` IS NOT NULL BEGIN
  UPDATE `eligible_voter_counts` SET `voters` = `voters` - 1 WHERE `rule` = 'verifiedContact' AND `region` = ''
    AND EXISTS (SELECT 1 FROM `profiles` WHERE `user_id` = OLD.`id` AND `is_active`);
END;
