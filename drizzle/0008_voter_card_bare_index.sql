CREATE INDEX `voters_card_bare_idx` ON `voters` (replace("voter_card_number", '-', ''));
