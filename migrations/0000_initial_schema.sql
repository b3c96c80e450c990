CREATE TABLE `one_time_tokens` (
	`id` text PRIMARY KEY NOT NULL,
	`userId` text NOT NULL,
	`kind` text NOT NULL,
	`tokenHash` text NOT NULL,
	`expiresAt` integer NOT NULL,
	`usedAt` integer,
	`createdAt` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`userId`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "one_time_tokens_kind_valid" CHECK("one_time_tokens"."kind" in ('verify_email', 'reset_password'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `one_time_tokens_hash_unique` ON `one_time_tokens` (`tokenHash`);--> statement-breakpoint
CREATE INDEX `one_time_tokens_user_kind_idx` ON `one_time_tokens` (`userId`,`kind`);--> statement-breakpoint
CREATE TABLE `sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`userId` text NOT NULL,
	`refreshTokenHash` text NOT NULL,
	`expiresAt` integer NOT NULL,
	`createdAt` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`lastUsedAt` integer,
	`revokedAt` integer,
	`userAgent` text,
	FOREIGN KEY (`userId`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sessions_refresh_token_hash_unique` ON `sessions` (`refreshTokenHash`);--> statement-breakpoint
CREATE INDEX `sessions_user_idx` ON `sessions` (`userId`);--> statement-breakpoint
CREATE INDEX `sessions_expires_idx` ON `sessions` (`expiresAt`);--> statement-breakpoint
CREATE TABLE `user_keys` (
	`userId` text NOT NULL,
	`name` text NOT NULL,
	`value` text NOT NULL,
	`iv` text NOT NULL,
	`expiresAt` integer,
	`createdAt` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updatedAt` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`userId`, `name`),
	FOREIGN KEY (`userId`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `users` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text,
	`username` text,
	`email` text NOT NULL,
	`emailVerified` integer DEFAULT false NOT NULL,
	`passwordHash` text,
	`avatar` text,
	`role` text DEFAULT 'USER' NOT NULL,
	`provider` text DEFAULT 'local' NOT NULL,
	`providerId` text,
	`twoFactorEnabled` integer DEFAULT false NOT NULL,
	`totpSecret` text,
	`backupCodes` text DEFAULT '[]' NOT NULL,
	`totpLastStep` integer,
	`termsAccepted` integer DEFAULT false NOT NULL,
	`plugins` text DEFAULT '[]' NOT NULL,
	`createdAt` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updatedAt` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	CONSTRAINT "users_email_lowercase" CHECK("users"."email" = lower("users"."email")),
	CONSTRAINT "users_role_valid" CHECK("users"."role" in ('USER', 'ADMIN')),
	CONSTRAINT "users_provider_valid" CHECK("users"."provider" in ('local', 'openid', 'github', 'google', 'discord', 'facebook', 'apple'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);--> statement-breakpoint
CREATE UNIQUE INDEX `users_provider_id_unique` ON `users` (`provider`,`providerId`);--> statement-breakpoint
CREATE TABLE `conversation_tags` (
	`userId` text NOT NULL,
	`conversationId` text NOT NULL,
	`tag` text NOT NULL,
	PRIMARY KEY(`conversationId`, `tag`),
	FOREIGN KEY (`userId`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`userId`,`conversationId`) REFERENCES `conversations`(`userId`,`conversationId`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`userId`,`tag`) REFERENCES `tags`(`userId`,`tag`) ON UPDATE cascade ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `conversation_tags_user_tag_idx` ON `conversation_tags` (`userId`,`tag`,`conversationId`);--> statement-breakpoint
CREATE TABLE `conversations` (
	`seq` integer PRIMARY KEY NOT NULL,
	`conversationId` text NOT NULL,
	`userId` text NOT NULL,
	`title` text DEFAULT 'New Chat' NOT NULL,
	`isArchived` integer DEFAULT false NOT NULL,
	`isTemporary` integer DEFAULT false NOT NULL,
	`expiredAt` integer,
	`thread_id` text,
	`endpoint` text,
	`endpointType` text,
	`model` text,
	`modelLabel` text,
	`chatGptLabel` text,
	`promptPrefix` text,
	`temperature` real,
	`topP` real,
	`topK` real,
	`top_p` real,
	`frequency_penalty` real,
	`presence_penalty` real,
	`maxOutputTokens` integer,
	`maxContextTokens` integer,
	`max_tokens` integer,
	`maxTokens` integer,
	`promptCache` integer,
	`system` text,
	`thinking` integer,
	`thinkingBudget` integer,
	`artifacts` text,
	`context` text,
	`examples` text,
	`tools` text,
	`resendFiles` integer,
	`resendImages` integer,
	`file_ids` text,
	`imageDetail` text,
	`reasoning_effort` text,
	`assistant_id` text,
	`agent_id` text,
	`region` text,
	`additionalModelRequestFields` text,
	`instructions` text,
	`additional_instructions` text,
	`append_current_datetime` integer,
	`stop` text,
	`greeting` text,
	`spec` text,
	`iconURL` text,
	`agentOptions` text,
	`createdAt` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updatedAt` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`userId`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `conversations_id_unique` ON `conversations` (`conversationId`);--> statement-breakpoint
CREATE UNIQUE INDEX `conversations_user_id_unique` ON `conversations` (`userId`,`conversationId`);--> statement-breakpoint
CREATE INDEX `conversations_list_idx` ON `conversations` (`userId`,`isArchived`,`updatedAt`,`conversationId`) WHERE "conversations"."expiredAt" is null;--> statement-breakpoint
CREATE INDEX `conversations_expired_idx` ON `conversations` (`expiredAt`) WHERE "conversations"."expiredAt" is not null;--> statement-breakpoint
CREATE TABLE `shared_links` (
	`shareId` text PRIMARY KEY NOT NULL,
	`userId` text NOT NULL,
	`conversationId` text NOT NULL,
	`title` text,
	`isPublic` integer DEFAULT true NOT NULL,
	`messageIds` text DEFAULT '[]' NOT NULL,
	`createdAt` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updatedAt` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`userId`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`userId`,`conversationId`) REFERENCES `conversations`(`userId`,`conversationId`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `shared_links_user_created_idx` ON `shared_links` (`userId`,`createdAt`);--> statement-breakpoint
CREATE UNIQUE INDEX `shared_links_public_conversation_unique` ON `shared_links` (`conversationId`) WHERE "shared_links"."isPublic" = 1;--> statement-breakpoint
CREATE INDEX `shared_links_conversation_idx` ON `shared_links` (`conversationId`);--> statement-breakpoint
CREATE TABLE `tags` (
	`id` text PRIMARY KEY NOT NULL,
	`userId` text NOT NULL,
	`tag` text NOT NULL,
	`description` text,
	`count` integer DEFAULT 0 NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`createdAt` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updatedAt` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`userId`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `tags_user_tag_unique` ON `tags` (`userId`,`tag`);--> statement-breakpoint
CREATE INDEX `tags_user_position_idx` ON `tags` (`userId`,`position`);--> statement-breakpoint
CREATE TABLE `messages` (
	`seq` integer PRIMARY KEY NOT NULL,
	`messageId` text NOT NULL,
	`conversationId` text NOT NULL,
	`userId` text NOT NULL,
	`parentMessageId` text,
	`sender` text,
	`text` text DEFAULT '' NOT NULL,
	`content` text,
	`isCreatedByUser` integer DEFAULT false NOT NULL,
	`endpoint` text,
	`model` text,
	`error` integer DEFAULT false NOT NULL,
	`unfinished` integer DEFAULT false NOT NULL,
	`finish_reason` text,
	`tokenCount` integer,
	`files` text,
	`attachments` text,
	`plugin` text,
	`plugins` text,
	`iconURL` text,
	`thread_id` text,
	`generation` text,
	`clientTimestamp` text,
	`expiredAt` integer,
	`createdAt` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updatedAt` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`userId`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`userId`,`conversationId`) REFERENCES `conversations`(`userId`,`conversationId`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `messages_id_unique` ON `messages` (`messageId`);--> statement-breakpoint
CREATE INDEX `messages_conversation_idx` ON `messages` (`conversationId`,`createdAt`,`messageId`,`parentMessageId`);--> statement-breakpoint
CREATE INDEX `messages_user_idx` ON `messages` (`userId`,`createdAt`);--> statement-breakpoint
CREATE TABLE `tool_calls` (
	`id` text PRIMARY KEY NOT NULL,
	`userId` text NOT NULL,
	`conversationId` text NOT NULL,
	`messageId` text NOT NULL,
	`toolId` text NOT NULL,
	`partIndex` integer,
	`blockIndex` integer,
	`result` text,
	`attachments` text,
	`createdAt` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`userId`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `tool_calls_conversation_idx` ON `tool_calls` (`conversationId`,`messageId`);--> statement-breakpoint
CREATE INDEX `tool_calls_user_idx` ON `tool_calls` (`userId`);--> statement-breakpoint
CREATE TABLE `files` (
	`file_id` text PRIMARY KEY NOT NULL,
	`temp_file_id` text,
	`userId` text NOT NULL,
	`conversationId` text,
	`messageId` text,
	`filename` text NOT NULL,
	`storageKey` text NOT NULL,
	`type` text NOT NULL,
	`bytes` integer NOT NULL,
	`width` integer,
	`height` integer,
	`source` text DEFAULT 'local' NOT NULL,
	`context` text DEFAULT 'message_attachment' NOT NULL,
	`embedded` integer DEFAULT false NOT NULL,
	`tool_resource` text,
	`usage` integer DEFAULT 0 NOT NULL,
	`expiresAt` integer,
	`createdAt` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updatedAt` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`userId`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `files_storage_key_unique` ON `files` (`storageKey`);--> statement-breakpoint
CREATE INDEX `files_user_created_idx` ON `files` (`userId`,`createdAt`);--> statement-breakpoint
CREATE INDEX `files_conversation_idx` ON `files` (`conversationId`);--> statement-breakpoint
CREATE INDEX `files_expires_idx` ON `files` (`expiresAt`) WHERE "files"."expiresAt" is not null;--> statement-breakpoint
CREATE TABLE `presets` (
	`presetId` text PRIMARY KEY NOT NULL,
	`userId` text NOT NULL,
	`title` text DEFAULT 'New Chat' NOT NULL,
	`defaultPreset` integer DEFAULT false NOT NULL,
	`order` integer,
	`endpoint` text,
	`endpointType` text,
	`model` text,
	`modelLabel` text,
	`chatGptLabel` text,
	`promptPrefix` text,
	`temperature` real,
	`topP` real,
	`topK` real,
	`top_p` real,
	`frequency_penalty` real,
	`presence_penalty` real,
	`maxOutputTokens` integer,
	`maxContextTokens` integer,
	`max_tokens` integer,
	`maxTokens` integer,
	`promptCache` integer,
	`system` text,
	`thinking` integer,
	`thinkingBudget` integer,
	`artifacts` text,
	`context` text,
	`examples` text,
	`tools` text,
	`resendFiles` integer,
	`resendImages` integer,
	`file_ids` text,
	`imageDetail` text,
	`reasoning_effort` text,
	`assistant_id` text,
	`agent_id` text,
	`region` text,
	`additionalModelRequestFields` text,
	`instructions` text,
	`additional_instructions` text,
	`append_current_datetime` integer,
	`stop` text,
	`greeting` text,
	`spec` text,
	`iconURL` text,
	`agentOptions` text,
	`createdAt` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updatedAt` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`userId`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `presets_user_order_idx` ON `presets` (`userId`,`order`,`updatedAt`);--> statement-breakpoint
CREATE UNIQUE INDEX `presets_user_default_unique` ON `presets` (`userId`) WHERE "presets"."defaultPreset" = 1;--> statement-breakpoint
CREATE TABLE `prompt_groups` (
	`id` text PRIMARY KEY NOT NULL,
	`userId` text NOT NULL,
	`authorName` text DEFAULT '' NOT NULL,
	`name` text NOT NULL,
	`category` text DEFAULT '' NOT NULL,
	`oneliner` text DEFAULT '' NOT NULL,
	`command` text,
	`productionId` text,
	`numberOfGenerations` integer DEFAULT 0 NOT NULL,
	`projectIds` text DEFAULT '[]' NOT NULL,
	`createdAt` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updatedAt` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`userId`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`productionId`) REFERENCES `prompts`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `prompt_groups_user_updated_idx` ON `prompt_groups` (`userId`,`updatedAt`);--> statement-breakpoint
CREATE INDEX `prompt_groups_name_idx` ON `prompt_groups` (`name`);--> statement-breakpoint
CREATE INDEX `prompt_groups_category_idx` ON `prompt_groups` (`category`);--> statement-breakpoint
CREATE INDEX `prompt_groups_command_idx` ON `prompt_groups` (`command`);--> statement-breakpoint
CREATE TABLE `prompts` (
	`id` text PRIMARY KEY NOT NULL,
	`groupId` text NOT NULL,
	`userId` text NOT NULL,
	`prompt` text NOT NULL,
	`type` text DEFAULT 'text' NOT NULL,
	`createdAt` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updatedAt` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`groupId`) REFERENCES `prompt_groups`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`userId`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "prompts_type_valid" CHECK("prompts"."type" in ('text', 'chat'))
);
--> statement-breakpoint
CREATE INDEX `prompts_group_created_idx` ON `prompts` (`groupId`,`createdAt`);--> statement-breakpoint
CREATE INDEX `prompts_user_idx` ON `prompts` (`userId`);--> statement-breakpoint
CREATE TABLE `actions` (
	`id` text PRIMARY KEY NOT NULL,
	`action_id` text NOT NULL,
	`userId` text NOT NULL,
	`agent_id` text,
	`assistant_id` text,
	`type` text DEFAULT 'action_prototype' NOT NULL,
	`metadata` text DEFAULT '{}' NOT NULL,
	`createdAt` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updatedAt` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`userId`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`agent_id`) REFERENCES `agents`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `actions_action_id_idx` ON `actions` (`action_id`);--> statement-breakpoint
CREATE INDEX `actions_agent_idx` ON `actions` (`agent_id`);--> statement-breakpoint
CREATE INDEX `actions_user_idx` ON `actions` (`userId`,`assistant_id`);--> statement-breakpoint
CREATE TABLE `agents` (
	`id` text PRIMARY KEY NOT NULL,
	`userId` text NOT NULL,
	`authorName` text,
	`name` text,
	`description` text,
	`instructions` text,
	`provider` text NOT NULL,
	`model` text NOT NULL,
	`model_parameters` text,
	`tools` text DEFAULT '[]' NOT NULL,
	`tool_resources` text,
	`artifacts` text,
	`isCollaborative` integer DEFAULT false NOT NULL,
	`recursion_limit` integer,
	`agent_ids` text,
	`conversation_starters` text,
	`end_after_tools` integer,
	`hide_sequential_outputs` integer,
	`projectIds` text DEFAULT '[]' NOT NULL,
	`avatar` text,
	`createdAt` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updatedAt` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`userId`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `agents_user_updated_idx` ON `agents` (`userId`,`updatedAt`);--> statement-breakpoint
CREATE TABLE `balances` (
	`userId` text PRIMARY KEY NOT NULL,
	`tokenCredits` real DEFAULT 0 NOT NULL,
	`autoRefillEnabled` integer DEFAULT false NOT NULL,
	`refillIntervalValue` integer DEFAULT 30 NOT NULL,
	`refillIntervalUnit` text DEFAULT 'days' NOT NULL,
	`refillAmount` real DEFAULT 0 NOT NULL,
	`lastRefill` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`userId`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `transactions` (
	`id` text PRIMARY KEY NOT NULL,
	`userId` text NOT NULL,
	`conversationId` text,
	`messageId` text,
	`tokenType` text NOT NULL,
	`model` text,
	`context` text,
	`rawAmount` real DEFAULT 0 NOT NULL,
	`tokenValue` real DEFAULT 0 NOT NULL,
	`rate` real,
	`inputTokens` integer,
	`writeTokens` integer,
	`readTokens` integer,
	`createdAt` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`userId`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "transactions_token_type_valid" CHECK("transactions"."tokenType" in ('prompt', 'completion', 'credits'))
);
--> statement-breakpoint
CREATE INDEX `transactions_user_created_idx` ON `transactions` (`userId`,`createdAt`);--> statement-breakpoint
CREATE TABLE `banners` (
	`bannerId` text PRIMARY KEY NOT NULL,
	`message` text NOT NULL,
	`displayFrom` integer NOT NULL,
	`displayTo` integer,
	`type` text DEFAULT 'banner' NOT NULL,
	`isPublic` integer DEFAULT false NOT NULL,
	`persistable` integer DEFAULT false NOT NULL,
	`createdAt` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updatedAt` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `banners_display_idx` ON `banners` (`displayFrom`,`displayTo`);--> statement-breakpoint
CREATE TABLE `bans` (
	`key` text PRIMARY KEY NOT NULL,
	`expiresAt` integer NOT NULL,
	`reason` text,
	`createdAt` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `bans_expires_idx` ON `bans` (`expiresAt`);--> statement-breakpoint
CREATE TABLE `rate_limits` (
	`key` text NOT NULL,
	`windowStart` integer NOT NULL,
	`count` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`key`, `windowStart`)
);
--> statement-breakpoint
CREATE INDEX `rate_limits_window_idx` ON `rate_limits` (`windowStart`);--> statement-breakpoint
CREATE TABLE `roles` (
	`name` text PRIMARY KEY NOT NULL,
	`permissions` text DEFAULT '{}' NOT NULL,
	`createdAt` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updatedAt` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
