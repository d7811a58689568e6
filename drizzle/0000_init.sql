CREATE TABLE `audit_logs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`action` text NOT NULL,
	`table_name` text NOT NULL,
	`record_id` text,
	`new_values` text,
	`actor_id` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`actor_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `audit_logs_created_idx` ON `audit_logs` (`created_at`);--> statement-breakpoint
CREATE INDEX `audit_logs_table_idx` ON `audit_logs` (`table_name`,`action`);--> statement-breakpoint
CREATE TABLE `districts` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`code` text NOT NULL,
	`region` text NOT NULL,
	`population` integer,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `districts_code_unique` ON `districts` (`code`);--> statement-breakpoint
CREATE INDEX `districts_region_idx` ON `districts` (`region`);--> statement-breakpoint
CREATE TABLE `new_map_settings` (
	`id` text PRIMARY KEY NOT NULL,
	`tile_url` text NOT NULL,
	`attribution` text NOT NULL,
	`default_zoom` integer NOT NULL,
	`center_lat` real NOT NULL,
	`center_lng` real NOT NULL,
	`fallback_image_url` text,
	`markers` text DEFAULT '[]' NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `registration_centers` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`code` text NOT NULL,
	`address` text,
	`district_id` text,
	`capacity` integer,
	`latitude` real,
	`longitude` real,
	`is_active` integer DEFAULT true NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`district_id`) REFERENCES `districts`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `registration_centers_code_unique` ON `registration_centers` (`code`);--> statement-breakpoint
CREATE TABLE `email_verifications` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`email` text NOT NULL,
	`secret_hash` blob NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `email_verifications_user_id_idx` ON `email_verifications` (`user_id`);--> statement-breakpoint
CREATE TABLE `profiles` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`full_name` text DEFAULT 'User' NOT NULL,
	`phone` text,
	`role` text,
	`is_active` integer DEFAULT true NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `profiles_user_id_unique` ON `profiles` (`user_id`);--> statement-breakpoint
CREATE INDEX `profiles_created_at_idx` ON `profiles` (`created_at`);--> statement-breakpoint
CREATE TABLE `server_secrets` (
	`name` text PRIMARY KEY NOT NULL,
	`value` blob NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`secret_hash` blob NOT NULL,
	`created_at` integer NOT NULL,
	`last_active_at` integer NOT NULL,
	`admin_unlocked_until` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sessions_user_id_idx` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`password_hash` text,
	`email_verified_at` integer,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);--> statement-breakpoint
CREATE TABLE `house_members` (
	`id` text PRIMARY KEY NOT NULL,
	`hop_number` text NOT NULL,
	`name` text NOT NULL,
	`region` text NOT NULL,
	`email` text,
	`phone` text,
	`birth_date` text,
	`image_url` text,
	`description` text,
	`is_placeholder` integer DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `house_members_hop_unique` ON `house_members` (`hop_number`);--> statement-breakpoint
CREATE INDEX `house_members_region_idx` ON `house_members` (`region`);--> statement-breakpoint
CREATE TABLE `senators` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`title` text NOT NULL,
	`state` text NOT NULL,
	`role` text,
	`image_url` text,
	`is_placeholder` integer DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `senators_name_state_unique` ON `senators` (`name`,`state`);--> statement-breakpoint
CREATE TABLE `candidates` (
	`id` text PRIMARY KEY NOT NULL,
	`election_id` text NOT NULL,
	`name` text NOT NULL,
	`party` text,
	`position_sought` text,
	`bio` text,
	`image_url` text,
	`image_alt` text,
	`order_index` integer DEFAULT 1 NOT NULL,
	FOREIGN KEY (`election_id`) REFERENCES `elections`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `candidates_election_order_idx` ON `candidates` (`election_id`,`order_index`);--> statement-breakpoint
CREATE TABLE `elections` (
	`id` text PRIMARY KEY NOT NULL,
	`title` text NOT NULL,
	`description` text,
	`start_time` integer NOT NULL,
	`end_time` integer NOT NULL,
	`status` text DEFAULT 'Draft' NOT NULL,
	`results_visible` integer DEFAULT false NOT NULL,
	`hide_results_until_close` integer DEFAULT true NOT NULL,
	`created_by` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `elections_status_end_idx` ON `elections` (`status`,`end_time`);--> statement-breakpoint
CREATE TABLE `votes` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`election_id` text NOT NULL,
	`question_id` text NOT NULL,
	`receipt_id` text NOT NULL,
	`candidate_id` text NOT NULL,
	`selections` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`election_id`) REFERENCES `elections`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`candidate_id`) REFERENCES `candidates`(`id`) ON UPDATE no action ON DELETE restrict
);
--> statement-breakpoint
CREATE UNIQUE INDEX `votes_user_election_unique` ON `votes` (`user_id`,`election_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `votes_receipt_unique` ON `votes` (`receipt_id`);--> statement-breakpoint
CREATE INDEX `votes_election_candidate_idx` ON `votes` (`election_id`,`candidate_id`);--> statement-breakpoint
CREATE TABLE `member_photos` (
	`id` text PRIMARY KEY NOT NULL,
	`member_id` text NOT NULL,
	`member_name` text NOT NULL,
	`member_type` text NOT NULL,
	`source_url` text,
	`webp_url` text,
	`original_url` text,
	`manual_override_url` text,
	`alt_text` text,
	`processing_status` text DEFAULT 'pending' NOT NULL,
	`photo_version` integer DEFAULT 0 NOT NULL,
	`error_message` text,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `member_photos_member_unique` ON `member_photos` (`member_id`,`member_type`);--> statement-breakpoint
CREATE INDEX `member_photos_updated_idx` ON `member_photos` (`updated_at`);--> statement-breakpoint
CREATE TABLE `photo_processing_jobs` (
	`id` text PRIMARY KEY NOT NULL,
	`job_type` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`created_by` text,
	`created_at` integer NOT NULL,
	`started_at` integer,
	`completed_at` integer,
	`total_members` integer DEFAULT 0 NOT NULL,
	`processed_members` integer DEFAULT 0 NOT NULL,
	`successful_updates` integer DEFAULT 0 NOT NULL,
	`failed_updates` integer DEFAULT 0 NOT NULL,
	`unmatched_members` integer DEFAULT 0 NOT NULL,
	`error_log` text DEFAULT '[]' NOT NULL,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `photo_jobs_created_idx` ON `photo_processing_jobs` (`created_at`);--> statement-breakpoint
CREATE TABLE `poll_candidates` (
	`id` text PRIMARY KEY NOT NULL,
	`poll_id` text NOT NULL,
	`name` text NOT NULL,
	`photo_url` text,
	`party` text,
	`color_hex` text DEFAULT '#3B82F6' NOT NULL,
	`order_index` integer DEFAULT 1 NOT NULL,
	FOREIGN KEY (`poll_id`) REFERENCES `polls`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `poll_candidates_poll_order_idx` ON `poll_candidates` (`poll_id`,`order_index`);--> statement-breakpoint
CREATE TABLE `poll_votes` (
	`id` text PRIMARY KEY NOT NULL,
	`poll_id` text NOT NULL,
	`user_id` text NOT NULL,
	`candidate_id` text NOT NULL,
	`ip_hash` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`poll_id`) REFERENCES `polls`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`candidate_id`) REFERENCES `poll_candidates`(`id`) ON UPDATE no action ON DELETE restrict
);
--> statement-breakpoint
CREATE UNIQUE INDEX `poll_votes_poll_user_unique` ON `poll_votes` (`poll_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `poll_votes_poll_candidate_idx` ON `poll_votes` (`poll_id`,`candidate_id`);--> statement-breakpoint
CREATE TABLE `polls` (
	`id` text PRIMARY KEY NOT NULL,
	`title` text NOT NULL,
	`month_year` text NOT NULL,
	`election_type` text DEFAULT 'presidential' NOT NULL,
	`status` text DEFAULT 'draft' NOT NULL,
	`opens_at` integer NOT NULL,
	`closes_at` integer NOT NULL,
	`created_by` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `polls_status_idx` ON `polls` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `polls_month_idx` ON `polls` (`month_year`);