DROP INDEX `voters_card_unique`;--> statement-breakpoint
CREATE UNIQUE INDEX `voters_card_live_unique` ON `voters` (`voter_card_number`) WHERE "voters"."status" <> 'rejected';--> statement-breakpoint
CREATE INDEX `voters_card_idx` ON `voters` (`voter_card_number`);