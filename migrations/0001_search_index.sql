-- Custom migration (drizzle-kit generate --custom): what drizzle cannot express.
--   1. search_index: FTS5 over message text and conversation titles, kept in sync by triggers.
--   2. tool_calls follow their conversation when it is deleted (they have no foreign key).
--   3. tags.count follows the conversation_tags links.
--   4. The default role permissions.
-- Rebuilding messages or conversations in a later migration drops these triggers: recreate
-- them there (worker/db/README.md).

-- search_index rowids: a message's row is messages.seq (> 0); a conversation title's row is
-- conversations.seq - 2^52 (< 0). Both seqs are INTEGER PRIMARY KEYs, so the keys are stable,
-- and descending rowid order (which FTS5 serves without sorting) lists message hits newest
-- first, then title hits newest first. 2^52 keeps every rowid a safe JS integer (cursors).
-- `owner` is the user id as one indexed token (a uuid without its dashes): every search ANDs
-- `owner : "<id>"` into its MATCH, so FTS5 intersects doclists and never reads another
-- user's rows (filtering on an UNINDEXED column alone would read every user's matches).
-- userId, kind and the ids are UNINDEXED: stored for the exact ownership check and for
-- building results, not tokenized. unicode61 with remove_diacritics 2 folds case and accents for every script it
-- knows ("Café" matches "cafe"); it does not segment CJK text into words.
CREATE VIRTUAL TABLE `search_index` USING fts5(
	body,
	owner,
	userId UNINDEXED,
	kind UNINDEXED,
	conversationId UNINDEXED,
	messageId UNINDEXED,
	tokenize = 'unicode61 remove_diacritics 2'
);
--> statement-breakpoint
-- A message's searchable text is `text`, or, when that is empty (agents write content parts
-- only), the text parts of `content` (`{type:'text', text:'…'}` or the assistants' form
-- `{type:'text', text:{value:'…'}}`). Invalid JSON indexes as '' instead of failing the write;
-- the CASE on p.type keeps json_extract away from non-object elements (it would raise on a
-- bare string), whatever order SQLite evaluates the terms in.
CREATE TRIGGER `messages_search_insert` AFTER INSERT ON `messages` BEGIN
	INSERT INTO `search_index` (rowid, body, owner, userId, kind, conversationId, messageId)
	VALUES (
		NEW.seq,
		CASE
			WHEN NEW.text <> '' THEN NEW.text
			WHEN json_valid(NEW.content) THEN coalesce((
				SELECT group_concat(
					CASE json_type(p.value, '$.text')
						WHEN 'text' THEN json_extract(p.value, '$.text')
						WHEN 'object' THEN json_extract(p.value, '$.text.value')
					END, ' ')
				FROM json_each(NEW.content) AS p
				WHERE json_extract(CASE WHEN p.type = 'object' THEN p.value END, '$.type') = 'text'
			), '')
			ELSE ''
		END,
		replace(NEW.userId, '-', ''), NEW.userId, 'message', NEW.conversationId, NEW.messageId
	);
END;
--> statement-breakpoint
-- Only when something indexed changed: the run loop updates other columns (tokenCount,
-- unfinished, updatedAt) often, and those must not rewrite the index.
CREATE TRIGGER `messages_search_update` AFTER UPDATE ON `messages`
WHEN OLD.text IS NOT NEW.text
	OR OLD.content IS NOT NEW.content
	OR OLD.userId IS NOT NEW.userId
	OR OLD.conversationId IS NOT NEW.conversationId
	OR OLD.messageId IS NOT NEW.messageId
	OR OLD.seq IS NOT NEW.seq
BEGIN
	DELETE FROM `search_index` WHERE rowid = OLD.seq;
	INSERT INTO `search_index` (rowid, body, owner, userId, kind, conversationId, messageId)
	VALUES (
		NEW.seq,
		CASE
			WHEN NEW.text <> '' THEN NEW.text
			WHEN json_valid(NEW.content) THEN coalesce((
				SELECT group_concat(
					CASE json_type(p.value, '$.text')
						WHEN 'text' THEN json_extract(p.value, '$.text')
						WHEN 'object' THEN json_extract(p.value, '$.text.value')
					END, ' ')
				FROM json_each(NEW.content) AS p
				WHERE json_extract(CASE WHEN p.type = 'object' THEN p.value END, '$.type') = 'text'
			), '')
			ELSE ''
		END,
		replace(NEW.userId, '-', ''), NEW.userId, 'message', NEW.conversationId, NEW.messageId
	);
END;
--> statement-breakpoint
-- Also fires for rows removed by ON DELETE CASCADE (conversation or user deleted).
CREATE TRIGGER `messages_search_delete` AFTER DELETE ON `messages` BEGIN
	DELETE FROM `search_index` WHERE rowid = OLD.seq;
END;
--> statement-breakpoint
CREATE TRIGGER `conversations_search_insert` AFTER INSERT ON `conversations` BEGIN
	INSERT INTO `search_index` (rowid, body, owner, userId, kind, conversationId, messageId)
	VALUES (NEW.seq - 4503599627370496, NEW.title, replace(NEW.userId, '-', ''), NEW.userId, 'conversation', NEW.conversationId, NULL);
END;
--> statement-breakpoint
-- Conversations are updated on every message (updatedAt); reindex only when the title moves.
CREATE TRIGGER `conversations_search_update` AFTER UPDATE ON `conversations`
WHEN OLD.title IS NOT NEW.title
	OR OLD.userId IS NOT NEW.userId
	OR OLD.conversationId IS NOT NEW.conversationId
	OR OLD.seq IS NOT NEW.seq
BEGIN
	DELETE FROM `search_index` WHERE rowid = OLD.seq - 4503599627370496;
	INSERT INTO `search_index` (rowid, body, owner, userId, kind, conversationId, messageId)
	VALUES (NEW.seq - 4503599627370496, NEW.title, replace(NEW.userId, '-', ''), NEW.userId, 'conversation', NEW.conversationId, NULL);
END;
--> statement-breakpoint
CREATE TRIGGER `conversations_search_delete` AFTER DELETE ON `conversations` BEGIN
	DELETE FROM `search_index` WHERE rowid = OLD.seq - 4503599627370496;
END;
--> statement-breakpoint
-- Tool call records are written while a run streams, possibly before the conversation row
-- exists, so they cannot have a foreign key; this trigger gives them the cascade instead.
CREATE TRIGGER `conversations_tool_calls_delete` AFTER DELETE ON `conversations` BEGIN
	DELETE FROM `tool_calls` WHERE conversationId = OLD.conversationId AND userId = OLD.userId;
END;
--> statement-breakpoint
-- tags.count = number of conversations carrying the tag. Links are added and removed by the
-- app, and removed by cascades (conversation, tag or user deleted).
CREATE TRIGGER `conversation_tags_count_insert` AFTER INSERT ON `conversation_tags` BEGIN
	UPDATE `tags` SET count = count + 1 WHERE userId = NEW.userId AND tag = NEW.tag;
END;
--> statement-breakpoint
CREATE TRIGGER `conversation_tags_count_delete` AFTER DELETE ON `conversation_tags` BEGIN
	UPDATE `tags` SET count = max(count - 1, 0) WHERE userId = OLD.userId AND tag = OLD.tag;
END;
--> statement-breakpoint
-- A link moved to another tag moves one unit of count. When the link changed because its tag
-- was renamed (ON UPDATE CASCADE), the old tag row no longer exists and the renamed row
-- already carries the count, so nothing must change: hence the WHEN.
CREATE TRIGGER `conversation_tags_count_update` AFTER UPDATE OF tag, userId ON `conversation_tags`
WHEN EXISTS (SELECT 1 FROM `tags` WHERE userId = OLD.userId AND tag = OLD.tag)
BEGIN
	UPDATE `tags` SET count = max(count - 1, 0) WHERE userId = OLD.userId AND tag = OLD.tag;
	UPDATE `tags` SET count = count + 1 WHERE userId = NEW.userId AND tag = NEW.tag;
END;
--> statement-breakpoint
-- Default permissions per role; the same values are DEFAULT_ROLE_PERMISSIONS in
-- worker/db/schema/system.ts, and a test checks they agree.
INSERT INTO `roles` (name, permissions) VALUES
	('USER', '{"PROMPTS":{"SHARED_GLOBAL":false,"USE":true,"CREATE":true},"BOOKMARKS":{"USE":true},"AGENTS":{"SHARED_GLOBAL":false,"USE":true,"CREATE":true},"MULTI_CONVO":{"USE":true},"TEMPORARY_CHAT":{"USE":true},"RUN_CODE":{"USE":true}}'),
	('ADMIN', '{"PROMPTS":{"SHARED_GLOBAL":true,"USE":true,"CREATE":true},"BOOKMARKS":{"USE":true},"AGENTS":{"SHARED_GLOBAL":true,"USE":true,"CREATE":true},"MULTI_CONVO":{"USE":true},"TEMPORARY_CHAT":{"USE":true},"RUN_CODE":{"USE":true}}')
ON CONFLICT (name) DO NOTHING;
