ALTER TABLE `sessions` ADD `previousRefreshTokenHash` text;--> statement-breakpoint
ALTER TABLE `sessions` ADD `rotatedAt` integer;