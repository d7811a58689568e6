CREATE TABLE `enrollment_codes` (
	`code_hash` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `enrollment_codes_user_idx` ON `enrollment_codes` (`user_id`);--> statement-breakpoint
CREATE TABLE `roll_flags` (
	`id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`voter_id` text NOT NULL,
	`reported_user_id` text,
	`created_at` integer NOT NULL,
	`resolved_at` integer,
	`resolved_by` text,
	`resolution` text,
	FOREIGN KEY (`voter_id`) REFERENCES `voters`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`reported_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`resolved_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `roll_flags_open_idx` ON `roll_flags` (`resolved_at`,`created_at`);--> statement-breakpoint
CREATE TABLE `staff_centers` (
	`user_id` text NOT NULL,
	`center_id` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `center_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`center_id`) REFERENCES `registration_centers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `staff_centers_center_idx` ON `staff_centers` (`center_id`);--> statement-breakpoint
CREATE TABLE `voters` (
	`id` text PRIMARY KEY NOT NULL,
	`voter_card_number` text NOT NULL,
	`full_name` text NOT NULL,
	`district_id` text NOT NULL,
	`center_id` text,
	`status` text NOT NULL,
	`source` text NOT NULL,
	`date_of_birth_hash` text,
	`user_id` text,
	`entered_by` text,
	`reviewed_by` text,
	`reviewed_at` integer,
	`status_reason` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`district_id`) REFERENCES `districts`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`center_id`) REFERENCES `registration_centers`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`entered_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`reviewed_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `voters_card_unique` ON `voters` (`voter_card_number`);--> statement-breakpoint
CREATE UNIQUE INDEX `voters_user_unique` ON `voters` (`user_id`);--> statement-breakpoint
CREATE INDEX `voters_status_district_idx` ON `voters` (`status`,`district_id`);--> statement-breakpoint
CREATE INDEX `voters_center_idx` ON `voters` (`center_id`,`status`);--> statement-breakpoint
CREATE INDEX `voters_entered_by_idx` ON `voters` (`entered_by`,`status`);--> statement-breakpoint
ALTER TABLE `elections` ADD `eligibility` text DEFAULT 'enrolled' NOT NULL;--> statement-breakpoint
ALTER TABLE `elections` ADD `eligible_regions` text;--> statement-breakpoint
ALTER TABLE `polls` ADD `eligibility` text DEFAULT 'verifiedEmail' NOT NULL;