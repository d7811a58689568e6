CREATE TABLE `name_aliases` (
	`id` text PRIMARY KEY NOT NULL,
	`scraped_name` text NOT NULL,
	`normalised_name` text NOT NULL,
	`member_id` text NOT NULL,
	`member_type` text NOT NULL,
	`created_by` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `name_aliases_name_unique` ON `name_aliases` (`normalised_name`,`member_type`);--> statement-breakpoint
ALTER TABLE `photo_processing_jobs` ADD `updated_members` text DEFAULT '[]' NOT NULL;