CREATE TABLE `election_archive_chunks` (
	`election_id` text NOT NULL,
	`seq` integer NOT NULL,
	`bytes` blob NOT NULL,
	PRIMARY KEY(`election_id`, `seq`),
	FOREIGN KEY (`election_id`) REFERENCES `elections`(`id`) ON UPDATE no action ON DELETE restrict
);
--> statement-breakpoint
CREATE TABLE `election_credentials` (
	`election_id` text NOT NULL,
	`credential` text NOT NULL,
	`user_id` text,
	PRIMARY KEY(`election_id`, `credential`),
	FOREIGN KEY (`election_id`) REFERENCES `elections`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `election_credentials_user_unique` ON `election_credentials` (`election_id`,`user_id`);--> statement-breakpoint
CREATE TABLE `election_trustees` (
	`id` text PRIMARY KEY NOT NULL,
	`election_id` text NOT NULL,
	`name` text NOT NULL,
	`public_key` text NOT NULL,
	`key_value` text NOT NULL,
	`token_hash` text NOT NULL,
	`partial_decryption` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`election_id`) REFERENCES `elections`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `election_trustees_token_hash_unique` ON `election_trustees` (`token_hash`);--> statement-breakpoint
CREATE UNIQUE INDEX `election_trustees_key_unique` ON `election_trustees` (`election_id`,`key_value`);--> statement-breakpoint
CREATE INDEX `election_trustees_election_idx` ON `election_trustees` (`election_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `encrypted_ballots` (
	`id` text PRIMARY KEY NOT NULL,
	`election_id` text NOT NULL,
	`user_id` text NOT NULL,
	`credential` text NOT NULL,
	`ballot` text NOT NULL,
	`tracker` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`election_id`) REFERENCES `elections`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE restrict
);
--> statement-breakpoint
CREATE UNIQUE INDEX `encrypted_ballots_user_unique` ON `encrypted_ballots` (`election_id`,`user_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `encrypted_ballots_credential_unique` ON `encrypted_ballots` (`election_id`,`credential`);--> statement-breakpoint
CREATE UNIQUE INDEX `encrypted_ballots_tracker_unique` ON `encrypted_ballots` (`tracker`);--> statement-breakpoint
CREATE TABLE `verifiable_elections` (
	`election_id` text PRIMARY KEY NOT NULL,
	`uuid` text NOT NULL,
	`credential_authority` text DEFAULT 'codka' NOT NULL,
	`election_text` text,
	`result_text` text,
	FOREIGN KEY (`election_id`) REFERENCES `elections`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `verifiable_elections_uuid_unique` ON `verifiable_elections` (`uuid`);--> statement-breakpoint
ALTER TABLE `elections` ADD `counting` text DEFAULT 'standard' NOT NULL;--> statement-breakpoint
-- The archive only grows: what was published once stays exactly as it was (docs/election-record.md).
CREATE TRIGGER `election_archive_chunks_no_update` BEFORE UPDATE ON `election_archive_chunks`
BEGIN SELECT RAISE(ABORT, 'the election archive is append-only'); END;
--> statement-breakpoint
CREATE TRIGGER `election_archive_chunks_no_delete` BEFORE DELETE ON `election_archive_chunks`
BEGIN SELECT RAISE(ABORT, 'the election archive is append-only'); END;
