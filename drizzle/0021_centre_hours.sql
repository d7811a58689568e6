ALTER TABLE `registration_centers` ADD `opening_hours` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `registration_centers` ADD `hours_note` text;--> statement-breakpoint
ALTER TABLE `registration_centers` ADD `hours_note_so` text;--> statement-breakpoint
ALTER TABLE `registration_centers` ADD `phone` text;--> statement-breakpoint
ALTER TABLE `registration_centers` ADD `email` text;