-- The agents list reads two keyset ranges, the caller's own agents and those shared with the
-- instance, ordered by (createdAt, id). `isShared` mirrors "projectIds holds the instance
-- project" so the shared range is an index seek instead of a JSON scan of every agent.
ALTER TABLE `agents` ADD `isShared` integer DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX `agents_user_created_idx` ON `agents` (`userId`,`createdAt`,`id`);--> statement-breakpoint
CREATE INDEX `agents_shared_created_idx` ON `agents` (`isShared`,`createdAt`,`id`);--> statement-breakpoint
UPDATE `agents` SET `isShared` = 1 WHERE EXISTS (SELECT 1 FROM json_each(`agents`.`projectIds`) WHERE value = 'instance');
