CREATE TABLE `sms_daily_counts` (
	`day` text PRIMARY KEY NOT NULL,
	`sent` integer NOT NULL
);
