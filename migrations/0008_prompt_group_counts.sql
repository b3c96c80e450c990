-- Tallies of prompt groups per author, category and shared flag, plus ('' = every author) the
-- shared groups per category, so the group page's `pages` sums a handful of tallies instead of
-- counting every visible group's index entry (D1 bills each one as a row read). Triggers keep
-- them in step with every insert, delete (cascades included) and change of author, category
-- or shared flag; a tally that reaches zero is removed.
CREATE TABLE `prompt_group_counts` (
	`ownerId` text NOT NULL,
	`category` text NOT NULL,
	`isShared` integer NOT NULL,
	`n` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`ownerId`, `category`, `isShared`)
);
--> statement-breakpoint
-- A page filtered by category walks the same two ranges within that category.
CREATE INDEX `prompt_groups_user_category_created_idx` ON `prompt_groups` (`userId`,`category`,`createdAt`,`id`);--> statement-breakpoint
CREATE INDEX `prompt_groups_shared_category_created_idx` ON `prompt_groups` (`isShared`,`category`,`createdAt`,`id`,`userId`);--> statement-breakpoint
CREATE TRIGGER `prompt_groups_count_insert` AFTER INSERT ON `prompt_groups` BEGIN
	INSERT INTO `prompt_group_counts` (ownerId, category, isShared, n) VALUES (NEW.userId, NEW.category, NEW.isShared, 1)
		ON CONFLICT (ownerId, category, isShared) DO UPDATE SET n = n + 1;
	INSERT INTO `prompt_group_counts` (ownerId, category, isShared, n) SELECT '', NEW.category, 1, 1 WHERE NEW.isShared = 1
		ON CONFLICT (ownerId, category, isShared) DO UPDATE SET n = n + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `prompt_groups_count_delete` AFTER DELETE ON `prompt_groups` BEGIN
	UPDATE `prompt_group_counts` SET n = n - 1
		WHERE (ownerId = OLD.userId AND category = OLD.category AND isShared = OLD.isShared)
			OR (OLD.isShared = 1 AND ownerId = '' AND category = OLD.category AND isShared = 1);
	DELETE FROM `prompt_group_counts` WHERE n <= 0 AND category = OLD.category AND ownerId IN (OLD.userId, '');
END;
--> statement-breakpoint
CREATE TRIGGER `prompt_groups_count_update` AFTER UPDATE OF userId, category, isShared ON `prompt_groups`
WHEN OLD.userId IS NOT NEW.userId OR OLD.category IS NOT NEW.category OR OLD.isShared IS NOT NEW.isShared
BEGIN
	UPDATE `prompt_group_counts` SET n = n - 1
		WHERE (ownerId = OLD.userId AND category = OLD.category AND isShared = OLD.isShared)
			OR (OLD.isShared = 1 AND ownerId = '' AND category = OLD.category AND isShared = 1);
	DELETE FROM `prompt_group_counts` WHERE n <= 0 AND category = OLD.category AND ownerId IN (OLD.userId, '');
	INSERT INTO `prompt_group_counts` (ownerId, category, isShared, n) VALUES (NEW.userId, NEW.category, NEW.isShared, 1)
		ON CONFLICT (ownerId, category, isShared) DO UPDATE SET n = n + 1;
	INSERT INTO `prompt_group_counts` (ownerId, category, isShared, n) SELECT '', NEW.category, 1, 1 WHERE NEW.isShared = 1
		ON CONFLICT (ownerId, category, isShared) DO UPDATE SET n = n + 1;
END;
--> statement-breakpoint
INSERT INTO `prompt_group_counts` (ownerId, category, isShared, n)
	SELECT userId, category, isShared, COUNT(*) FROM `prompt_groups` GROUP BY userId, category, isShared;
--> statement-breakpoint
INSERT INTO `prompt_group_counts` (ownerId, category, isShared, n)
	SELECT '', category, 1, COUNT(*) FROM `prompt_groups` WHERE isShared = 1 GROUP BY category;
