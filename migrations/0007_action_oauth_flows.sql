-- Sign-ins to OAuth actions in progress: single use through conditional UPDATEs on `status` and
-- `expiresAt` (D1 is consistent where KV is not). Only the hash of a state is kept.
CREATE TABLE `action_oauth_flows` (
	`stateHash` text PRIMARY KEY NOT NULL,
	`userId` text NOT NULL,
	`actionId` text NOT NULL,
	`conversationId` text NOT NULL,
	`redirectUri` text NOT NULL,
	`verifier` text NOT NULL,
	`code` text,
	`browserHash` text,
	`status` text DEFAULT 'pending' NOT NULL,
	`expiresAt` integer NOT NULL,
	`createdAt` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`userId`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `action_oauth_flows_user_expires_idx` ON `action_oauth_flows` (`userId`,`expiresAt`);