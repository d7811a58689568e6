-- Content in both languages (docs/decisions/021-bilingual-content.md): each text a citizen reads keeps its English
-- in the column it had and gets a Somali column beside it. Adding nullable (or defaulted) columns rebuilds nothing.
ALTER TABLE `registration_centers` ADD `name_so` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `candidates` ADD `party_so` text;--> statement-breakpoint
ALTER TABLE `candidates` ADD `position_sought_so` text;--> statement-breakpoint
ALTER TABLE `candidates` ADD `bio_so` text;--> statement-breakpoint
ALTER TABLE `candidates` ADD `image_alt_so` text;--> statement-breakpoint
ALTER TABLE `elections` ADD `title_so` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `elections` ADD `description_so` text;--> statement-breakpoint
ALTER TABLE `poll_candidates` ADD `party_so` text;--> statement-breakpoint
ALTER TABLE `polls` ADD `title_so` text DEFAULT '' NOT NULL;--> statement-breakpoint
-- A poll title the server wrote itself ("{Type} Poll {month_year}") is no admin's text: emptied, it is written
-- again when read, in the reader's language.
UPDATE `polls` SET `title` = '' WHERE `title` = (CASE `election_type` WHEN 'presidential' THEN 'Presidential' WHEN 'parliamentary' THEN 'Parliamentary' WHEN 'senate' THEN 'Senate' END) || ' Poll ' || `month_year`;
