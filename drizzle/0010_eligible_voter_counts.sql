-- Eligible voters per rule (turnout's denominator), kept by triggers in the transaction of the write that changes
-- them, as 0006 keeps the vote counts: every write path (the app, seeds, imports, tests' factories, an operator's
-- sqlite3 shell) stays exact, and a turnout read never counts every account or the whole roll.
-- 'signedIn': active accounts (a profile with is_active); 'verifiedEmail': those whose user has a confirmed
-- address; 'enrolled': roll entries with status 'enrolled', per region of their district. Existing data is
-- counted once here. tests/server/eligible-voter-counts.test.ts checks every path against a recount.
CREATE TABLE `eligible_voter_counts` (
	`rule` text NOT NULL,
	`region` text DEFAULT '' NOT NULL,
	`voters` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`rule`, `region`)
);
--> statement-breakpoint
INSERT INTO `eligible_voter_counts` (`rule`, `region`, `voters`)
SELECT 'signedIn', '', count(*) FROM `profiles` WHERE `is_active`;
--> statement-breakpoint
INSERT INTO `eligible_voter_counts` (`rule`, `region`, `voters`)
SELECT 'verifiedEmail', '', count(*) FROM `profiles` JOIN `users` ON `users`.`id` = `profiles`.`user_id`
WHERE `profiles`.`is_active` AND `users`.`email_verified_at` IS NOT NULL;
--> statement-breakpoint
INSERT INTO `eligible_voter_counts` (`rule`, `region`, `voters`)
SELECT 'enrolled', `districts`.`region`, count(*) FROM `voters` JOIN `districts` ON `districts`.`id` = `voters`.`district_id`
WHERE `voters`.`status` = 'enrolled' GROUP BY `districts`.`region`;
--> statement-breakpoint
CREATE TRIGGER `eligible_after_profile_insert` AFTER INSERT ON `profiles` WHEN NEW.`is_active` BEGIN
  UPDATE `eligible_voter_counts` SET `voters` = `voters` + 1 WHERE `rule` = 'signedIn' AND `region` = '';
  UPDATE `eligible_voter_counts` SET `voters` = `voters` + 1 WHERE `rule` = 'verifiedEmail' AND `region` = ''
    AND (SELECT `email_verified_at` FROM `users` WHERE `id` = NEW.`user_id`) IS NOT NULL;
END;
--> statement-breakpoint
-- A user's deletion removes its profile by cascade after the user row is gone: the user's own trigger (below)
-- takes the confirmed address off, and here the lookup finds no user and takes nothing off twice.
CREATE TRIGGER `eligible_after_profile_delete` AFTER DELETE ON `profiles` WHEN OLD.`is_active` BEGIN
  UPDATE `eligible_voter_counts` SET `voters` = `voters` - 1 WHERE `rule` = 'signedIn' AND `region` = '';
  UPDATE `eligible_voter_counts` SET `voters` = `voters` - 1 WHERE `rule` = 'verifiedEmail' AND `region` = ''
    AND (SELECT `email_verified_at` FROM `users` WHERE `id` = OLD.`user_id`) IS NOT NULL;
END;
--> statement-breakpoint
CREATE TRIGGER `eligible_after_profile_update` AFTER UPDATE OF `is_active`, `user_id` ON `profiles` BEGIN
  UPDATE `eligible_voter_counts` SET `voters` = `voters` - (OLD.`is_active` <> 0) + (NEW.`is_active` <> 0)
    WHERE `rule` = 'signedIn' AND `region` = '';
  UPDATE `eligible_voter_counts` SET `voters` = `voters`
    - (OLD.`is_active` <> 0 AND (SELECT `email_verified_at` FROM `users` WHERE `id` = OLD.`user_id`) IS NOT NULL)
    + (NEW.`is_active` <> 0 AND (SELECT `email_verified_at` FROM `users` WHERE `id` = NEW.`user_id`) IS NOT NULL)
    WHERE `rule` = 'verifiedEmail' AND `region` = '';
END;
--> statement-breakpoint
CREATE TRIGGER `eligible_after_user_email_update` AFTER UPDATE OF `email_verified_at` ON `users` BEGIN
  UPDATE `eligible_voter_counts` SET `voters` = `voters`
    - (OLD.`email_verified_at` IS NOT NULL) + (NEW.`email_verified_at` IS NOT NULL)
    WHERE `rule` = 'verifiedEmail' AND `region` = ''
    AND EXISTS (SELECT 1 FROM `profiles` WHERE `user_id` = NEW.`id` AND `is_active`);
END;
--> statement-breakpoint
CREATE TRIGGER `eligible_before_user_delete` BEFORE DELETE ON `users` WHEN OLD.`email_verified_at` IS NOT NULL BEGIN
  UPDATE `eligible_voter_counts` SET `voters` = `voters` - 1 WHERE `rule` = 'verifiedEmail' AND `region` = ''
    AND EXISTS (SELECT 1 FROM `profiles` WHERE `user_id` = OLD.`id` AND `is_active`);
END;
--> statement-breakpoint
CREATE TRIGGER `eligible_after_voter_insert` AFTER INSERT ON `voters` WHEN NEW.`status` = 'enrolled' BEGIN
  INSERT INTO `eligible_voter_counts` (`rule`, `region`, `voters`)
    SELECT 'enrolled', `region`, 1 FROM `districts` WHERE `id` = NEW.`district_id`
    ON CONFLICT (`rule`, `region`) DO UPDATE SET `voters` = `voters` + 1;
END;
--> statement-breakpoint
-- A district with voters is never deleted (restrict), so the entry's district is still there to name its region.
CREATE TRIGGER `eligible_after_voter_delete` AFTER DELETE ON `voters` WHEN OLD.`status` = 'enrolled' BEGIN
  UPDATE `eligible_voter_counts` SET `voters` = `voters` - 1
    WHERE `rule` = 'enrolled' AND `region` = (SELECT `region` FROM `districts` WHERE `id` = OLD.`district_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `eligible_after_voter_update` AFTER UPDATE OF `status`, `district_id` ON `voters`
WHEN OLD.`status` = 'enrolled' OR NEW.`status` = 'enrolled' BEGIN
  UPDATE `eligible_voter_counts` SET `voters` = `voters` - 1
    WHERE OLD.`status` = 'enrolled' AND `rule` = 'enrolled'
    AND `region` = (SELECT `region` FROM `districts` WHERE `id` = OLD.`district_id`);
  INSERT INTO `eligible_voter_counts` (`rule`, `region`, `voters`)
    SELECT 'enrolled', `region`, 1 FROM `districts` WHERE `id` = NEW.`district_id` AND NEW.`status` = 'enrolled'
    ON CONFLICT (`rule`, `region`) DO UPDATE SET `voters` = `voters` + 1;
END;
--> statement-breakpoint
-- A district moved to another region takes its enrolled voters with it.
CREATE TRIGGER `eligible_after_district_region_update` AFTER UPDATE OF `region` ON `districts`
WHEN OLD.`region` IS NOT NEW.`region` BEGIN
  UPDATE `eligible_voter_counts` SET `voters` = `voters`
    - (SELECT count(*) FROM `voters` WHERE `district_id` = OLD.`id` AND `status` = 'enrolled')
    WHERE `rule` = 'enrolled' AND `region` = OLD.`region`;
  INSERT INTO `eligible_voter_counts` (`rule`, `region`, `voters`)
    SELECT 'enrolled', NEW.`region`, count(*) FROM `voters` WHERE `district_id` = NEW.`id` AND `status` = 'enrolled'
    ON CONFLICT (`rule`, `region`) DO UPDATE SET `voters` = `voters` + excluded.`voters`;
END;
