-- The length of a PDF's text read at upload and kept beside the file in R2 (`${storageKey}.txt`),
-- so a prompt reads the text, not the PDF. Null for every other file and for a PDF without text.
ALTER TABLE `files` ADD `textBytes` integer;
