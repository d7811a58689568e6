-- Running vote counts, kept in the vote's own transaction by triggers so that every insert path (the vote
-- fast path, seeds, the benchmark's volume database, tests' factories) stays exact and a results read
-- never reads a vote row.
-- While an election is open, non-admins see a published snapshot (candidates.published_votes) that
-- advances in batches. These triggers never publish: only the timer in server/jobs/result-batches.ts
-- does, at quarter-hour boundaries, stamping the boundary time (a batch released by a vote would carry
-- that vote's time, which is on its receipt). Existing counts are published once here, stamped with the
-- last quarter hour.
UPDATE `candidates` SET `vote_count` = (
  SELECT count(*) FROM `votes` WHERE `votes`.`election_id` = `candidates`.`election_id` AND `votes`.`candidate_id` = `candidates`.`id`
);
--> statement-breakpoint
UPDATE `candidates` SET `published_votes` = `vote_count`;
--> statement-breakpoint
UPDATE `elections` SET `vote_count` = (SELECT count(*) FROM `votes` WHERE `votes`.`election_id` = `elections`.`id`);
--> statement-breakpoint
UPDATE `elections` SET `published_vote_count` = `vote_count`, `results_published_at` = (CAST(strftime('%s', 'now') AS INTEGER) / 900) * 900 * 1000;
--> statement-breakpoint
UPDATE `poll_candidates` SET `vote_count` = (
  SELECT count(*) FROM `poll_votes` WHERE `poll_votes`.`poll_id` = `poll_candidates`.`poll_id` AND `poll_votes`.`candidate_id` = `poll_candidates`.`id`
);
--> statement-breakpoint
CREATE TRIGGER `votes_count_after_insert` AFTER INSERT ON `votes` BEGIN
  UPDATE `candidates` SET `vote_count` = `vote_count` + 1 WHERE `id` = NEW.`candidate_id`;
  UPDATE `elections` SET `vote_count` = `vote_count` + 1 WHERE `id` = NEW.`election_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `votes_count_after_delete` AFTER DELETE ON `votes` BEGIN
  UPDATE `candidates` SET `vote_count` = `vote_count` - 1 WHERE `id` = OLD.`candidate_id`;
  UPDATE `elections` SET `vote_count` = `vote_count` - 1 WHERE `id` = OLD.`election_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `votes_count_after_update` AFTER UPDATE OF `candidate_id`, `election_id` ON `votes` BEGIN
  UPDATE `candidates` SET `vote_count` = `vote_count` - 1 WHERE `id` = OLD.`candidate_id`;
  UPDATE `candidates` SET `vote_count` = `vote_count` + 1 WHERE `id` = NEW.`candidate_id`;
  UPDATE `elections` SET `vote_count` = `vote_count` - 1 WHERE `id` = OLD.`election_id`;
  UPDATE `elections` SET `vote_count` = `vote_count` + 1 WHERE `id` = NEW.`election_id`;
END;
--> statement-breakpoint
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
