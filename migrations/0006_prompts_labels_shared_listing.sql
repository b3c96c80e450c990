-- The prompt library: a page of groups reads two index ranges, the caller's own groups and those
-- shared with the instance, ordered by (createdAt, id); `isShared` mirrors "projectIds holds the
-- instance project" so the shared range is an index seek. Versions gain free-form labels.
ALTER TABLE `prompt_groups` ADD `isShared` integer DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX `prompt_groups_user_created_idx` ON `prompt_groups` (`userId`,`createdAt`,`id`);--> statement-breakpoint
CREATE INDEX `prompt_groups_shared_created_idx` ON `prompt_groups` (`isShared`,`createdAt`,`id`,`userId`);--> statement-breakpoint
ALTER TABLE `prompts` ADD `labels` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
UPDATE `prompt_groups` SET `isShared` = 1 WHERE EXISTS (SELECT 1 FROM json_each(`prompt_groups`.`projectIds`) WHERE value = 'instance');
