ALTER TABLE `audit_logs` ADD `old_values` text;--> statement-breakpoint
ALTER TABLE `users` ADD `language` text DEFAULT 'en' NOT NULL;