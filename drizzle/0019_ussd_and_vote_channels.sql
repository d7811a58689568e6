-- Poll votes by USSD: poll_votes.user_id becomes optional (a number that belongs to no account votes as the
-- number), each vote records its channel (every existing vote came from the web) and a keyed hash of the phone
-- number it came from, unique per poll; ussd_sessions binds a gateway's session id to one number.
-- SQLite cannot make a column nullable in place: poll_votes is rebuilt, and the running-count triggers of 0006,
-- dropped with the old table, are made again below. The counts themselves are unchanged (the copy fires none).
CREATE TABLE `ussd_sessions` (
	`session_id` text PRIMARY KEY NOT NULL,
	`phone_hash` text NOT NULL,
	`started_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `ussd_sessions_started_idx` ON `ussd_sessions` (`started_at`);--> statement-breakpoint
CREATE TABLE `__new_poll_votes` (
	`id` text PRIMARY KEY NOT NULL,
	`poll_id` text NOT NULL,
	`user_id` text,
	`candidate_id` text NOT NULL,
	`ip_hash` text,
	`channel` text DEFAULT 'web' NOT NULL,
	`phone_hash` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`poll_id`) REFERENCES `polls`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`candidate_id`) REFERENCES `poll_candidates`(`id`) ON UPDATE no action ON DELETE restrict
);
--> statement-breakpoint
INSERT INTO `__new_poll_votes`("id", "poll_id", "user_id", "candidate_id", "ip_hash", "created_at") SELECT "id", "poll_id", "user_id", "candidate_id", "ip_hash", "created_at" FROM `poll_votes`;--> statement-breakpoint
DROP TABLE `poll_votes`;--> statement-breakpoint
ALTER TABLE `__new_poll_votes` RENAME TO `poll_votes`;--> statement-breakpoint
CREATE UNIQUE INDEX `poll_votes_poll_user_unique` ON `poll_votes` (`poll_id`,`user_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `poll_votes_poll_phone_unique` ON `poll_votes` (`poll_id`,`phone_hash`) WHERE "poll_votes"."phone_hash" is not null;--> statement-breakpoint
CREATE INDEX `poll_votes_poll_candidate_idx` ON `poll_votes` (`poll_id`,`candidate_id`);--> statement-breakpoint
CREATE INDEX `poll_votes_poll_created_idx` ON `poll_votes` (`poll_id`,`created_at`);--> statement-breakpoint
CREATE TRIGGER `poll_votes_count_after_insert` AFTER INSERT ON `poll_votes` BEGIN
  UPDATE `poll_candidates` SET `vote_count` = `vote_count` + 1 WHERE `id` = NEW.`candidate_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `poll_votes_count_after_delete` AFTER DELETE ON `poll_votes` BEGIN
  UPDATE `poll_candidates` SET `vote_count` = `vote_count` - 1 WHERE `id` = OLD.`candidate_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `poll_votes_count_after_update` AFTER UPDATE OF `candidate_id` ON `poll_votes` BEGIN
  UPDATE `poll_candidates` SET `vote_count` = `vote_count` - 1 WHERE `id` = OLD.`candidate_id`;
  UPDATE `poll_candidates` SET `vote_count` = `vote_count` + 1 WHERE `id` = NEW.`candidate_id`;
END;
