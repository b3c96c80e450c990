import { relations } from 'drizzle-orm';
import { agents, actions } from './agents';
import { conversations, conversationTags, sharedLinks, tags } from './conversations';
import { messages } from './messages';
import { prompts, promptGroups } from './prompts';
import { users } from './users';

/*
 * Relations for drizzle's relational queries (`db.query.x.findMany({ with })`). They add no
 * constraint (the foreign keys are in the tables); they only tell drizzle how to join.
 * Every query must still filter by the owner's user id.
 */

export const usersRelations = relations(users, ({ many }) => ({
  conversations: many(conversations),
  tags: many(tags),
  promptGroups: many(promptGroups),
  agents: many(agents),
}));

export const conversationsRelations = relations(conversations, ({ one, many }) => ({
  user: one(users, { fields: [conversations.userId], references: [users.id] }),
  messages: many(messages),
  tagLinks: many(conversationTags),
  sharedLinks: many(sharedLinks),
}));

export const messagesRelations = relations(messages, ({ one }) => ({
  conversation: one(conversations, {
    fields: [messages.conversationId],
    references: [conversations.conversationId],
  }),
}));

export const tagsRelations = relations(tags, ({ one }) => ({
  user: one(users, { fields: [tags.userId], references: [users.id] }),
}));

export const conversationTagsRelations = relations(conversationTags, ({ one }) => ({
  conversation: one(conversations, {
    fields: [conversationTags.conversationId],
    references: [conversations.conversationId],
  }),
}));

export const sharedLinksRelations = relations(sharedLinks, ({ one }) => ({
  conversation: one(conversations, {
    fields: [sharedLinks.conversationId],
    references: [conversations.conversationId],
  }),
}));

export const promptGroupsRelations = relations(promptGroups, ({ one, many }) => ({
  author: one(users, { fields: [promptGroups.userId], references: [users.id] }),
  prompts: many(prompts),
  production: one(prompts, { fields: [promptGroups.productionId], references: [prompts.id] }),
}));

export const promptsRelations = relations(prompts, ({ one }) => ({
  group: one(promptGroups, { fields: [prompts.groupId], references: [promptGroups.id] }),
}));

export const agentsRelations = relations(agents, ({ one, many }) => ({
  author: one(users, { fields: [agents.userId], references: [users.id] }),
  actions: many(actions),
}));

export const actionsRelations = relations(actions, ({ one }) => ({
  agent: one(agents, { fields: [actions.agent_id], references: [agents.id] }),
}));
