CREATE TABLE `key_checks` (
	`name` text PRIMARY KEY NOT NULL,
	`check_value` text NOT NULL
);
--> statement-breakpoint
ALTER TABLE `polls` ADD `duplicate_month` integer DEFAULT false NOT NULL;--> statement-breakpoint
-- A month already taken by an earlier poll of the same type: the later ones are kept (with their votes) and
-- reported at start and by `codka check`, never deleted here; the unique index leaves them out.
UPDATE `polls` SET `duplicate_month` = 1 WHERE EXISTS (
  SELECT 1 FROM `polls` AS `earlier`
  WHERE `earlier`.`election_type` = `polls`.`election_type`
    AND `earlier`.`month_year` = `polls`.`month_year`
    AND (`earlier`.`created_at` < `polls`.`created_at`
      OR (`earlier`.`created_at` = `polls`.`created_at` AND `earlier`.`id` < `polls`.`id`))
);--> statement-breakpoint
CREATE UNIQUE INDEX `polls_type_month_unique` ON `polls` (`election_type`,`month_year`) WHERE "polls"."duplicate_month" = 0;--> statement-breakpoint
-- Unused enrollment codes were stored under plain SHA-256, which a copy of the database can reverse by hashing
-- every code; they now use a keyed hash, so the old ones are dropped (the citizen asks for a new code).
DELETE FROM `enrollment_codes` WHERE `used_at` IS NULL;
