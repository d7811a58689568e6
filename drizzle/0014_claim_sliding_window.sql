CREATE TABLE `card_claim_attempt_times` (
	`id` integer PRIMARY KEY NOT NULL,
	`voter_card_number` text NOT NULL,
	`attempted_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `card_claim_attempt_times_card_idx` ON `card_claim_attempt_times` (`voter_card_number`,`attempted_at`);--> statement-breakpoint
CREATE INDEX `card_claim_attempt_times_at_idx` ON `card_claim_attempt_times` (`attempted_at`);--> statement-breakpoint
-- Counts taken before the window slid: each of a card's attempts is given its window's start, so it leaves the
-- count when that window would have reset, exactly as before.
WITH RECURSIVE spread(voter_card_number, window_started_at, n) AS (
  SELECT voter_card_number, window_started_at, attempts FROM card_claim_attempts WHERE attempts > 0
  UNION ALL
  SELECT voter_card_number, window_started_at, n - 1 FROM spread WHERE n > 1
)
INSERT INTO card_claim_attempt_times (voter_card_number, attempted_at)
SELECT voter_card_number, window_started_at FROM spread;
