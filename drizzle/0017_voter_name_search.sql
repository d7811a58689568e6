-- The roll's name index for supervisors' search: an FTS5 table over voters.full_name (external content, so the
-- names are stored once), folded by the unicode61 tokenizer (case, and accents with remove_diacritics 2) and split
-- into words, so a search finds "Samatar, Sadia" from "sadia samatar" in a roll of millions by its words' lists.
-- No prefix index: it would triple the words written per entry (a roll import's cost), and the word being typed
-- is read from the words it starts, a few in a roll of names.
-- Kept by triggers in the transaction of the write, as 0006 keeps the vote counts: every write path (the app,
-- seeds, imports, tests' factories, an operator's sqlite3 shell) stays searchable. Rows are tied by rowid, which
-- VACUUM and VACUUM INTO (the backup) keep as they are (tests/server/roll-name-search.test.ts).
CREATE VIRTUAL TABLE `voters_name_search` USING fts5(
  `full_name`,
  content='voters',
  tokenize='unicode61 remove_diacritics 2'
);
--> statement-breakpoint
INSERT INTO `voters_name_search` (`voters_name_search`) VALUES ('rebuild');
--> statement-breakpoint
CREATE TRIGGER `voters_name_search_after_insert` AFTER INSERT ON `voters` BEGIN
  INSERT INTO `voters_name_search` (`rowid`, `full_name`) VALUES (NEW.`rowid`, NEW.`full_name`);
END;
--> statement-breakpoint
CREATE TRIGGER `voters_name_search_after_delete` AFTER DELETE ON `voters` BEGIN
  INSERT INTO `voters_name_search` (`voters_name_search`, `rowid`, `full_name`) VALUES ('delete', OLD.`rowid`, OLD.`full_name`);
END;
--> statement-breakpoint
CREATE TRIGGER `voters_name_search_after_name_update` AFTER UPDATE OF `full_name` ON `voters` BEGIN
  INSERT INTO `voters_name_search` (`voters_name_search`, `rowid`, `full_name`) VALUES ('delete', OLD.`rowid`, OLD.`full_name`);
  INSERT INTO `voters_name_search` (`rowid`, `full_name`) VALUES (NEW.`rowid`, NEW.`full_name`);
END;
