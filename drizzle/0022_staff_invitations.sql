CREATE TABLE `staff_invitations` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text,
	`phone` text,
	`full_name` text NOT NULL,
	`role` text NOT NULL,
	`center_ids` text DEFAULT '[]' NOT NULL,
	`language` text NOT NULL,
	`secret_hash` blob,
	`code_hash` text,
	`wrong_tries` integer DEFAULT 0 NOT NULL,
	`sent_at` integer,
	`expires_at` integer NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`approval_id` text,
	`invited_by` text,
	`confirmed_by` text,
	`accepted_by` text,
	`accepted_at` integer,
	`revoked_by` text,
	`revoked_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`invited_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`confirmed_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`accepted_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`revoked_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `staff_invitations_email_idx` ON `staff_invitations` (`email`);--> statement-breakpoint
CREATE INDEX `staff_invitations_phone_idx` ON `staff_invitations` (`phone`);--> statement-breakpoint
CREATE INDEX `staff_invitations_created_at_idx` ON `staff_invitations` (`created_at`);