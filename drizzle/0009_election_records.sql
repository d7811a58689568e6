CREATE TABLE `election_records` (
	`election_id` text PRIMARY KEY NOT NULL,
	`root` text NOT NULL,
	`votes_cast` integer NOT NULL,
	`document` text NOT NULL,
	`fixed_at` integer NOT NULL,
	FOREIGN KEY (`election_id`) REFERENCES `elections`(`id`) ON UPDATE no action ON DELETE cascade
);
