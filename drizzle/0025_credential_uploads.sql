CREATE TABLE `credential_upload_rows` (
	`upload_id` text NOT NULL,
	`credential` text NOT NULL,
	PRIMARY KEY(`upload_id`, `credential`)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TABLE `credential_uploads` (
	`id` text PRIMARY KEY NOT NULL,
	`election_id` text,
	`status` text NOT NULL,
	`size` integer NOT NULL,
	`sha256` text NOT NULL,
	`part_bytes` integer NOT NULL,
	`next_part` integer DEFAULT 0 NOT NULL,
	`count` integer DEFAULT 0 NOT NULL,
	`created_by` text,
	`expires_at` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`election_id`) REFERENCES `elections`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `credential_uploads_election_idx` ON `credential_uploads` (`election_id`,`status`);