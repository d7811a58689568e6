ALTER TABLE `candidates` ADD `vote_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `candidates` ADD `published_votes` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `elections` ADD `vote_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `elections` ADD `published_vote_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `elections` ADD `results_published_at` integer;--> statement-breakpoint
ALTER TABLE `poll_candidates` ADD `vote_count` integer DEFAULT 0 NOT NULL;