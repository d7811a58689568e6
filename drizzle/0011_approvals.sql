CREATE TABLE `approvals` (
	`id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`subject` text,
	`payload` text NOT NULL,
	`attachment` blob,
	`summary` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`requested_by` text,
	`requested_at` integer NOT NULL,
	`decided_by` text,
	`decided_at` integer,
	FOREIGN KEY (`requested_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`decided_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `approvals_status_idx` ON `approvals` (`status`,`requested_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `approvals_pending_subject_unique` ON `approvals` (`kind`,`subject`) WHERE "approvals"."status" = 'pending' AND "approvals"."subject" IS NOT NULL;