CREATE TABLE `site_settings` (
	`id` integer PRIMARY KEY NOT NULL,
	`default_theme` text DEFAULT 'system' NOT NULL,
	`updated_at` integer NOT NULL
);
