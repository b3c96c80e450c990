import { type ReactNode, useMemo } from 'react';
import { useTranslation } from '@/lib/i18n/react';
import type { EphemeralAgent } from '@/shared/conversation/types';
import { type ChatMcp, useChatMcp } from '../mcp/use-chat-mcp';
import { GlobeIcon, PlugIcon } from './badge-icons';
import { type BadgeId, type BadgeLayout, useBadgeLayout } from './badge-layout';
import { useWebSearchChoice, useWebSearchOffered } from './web-search-choice';

/** A badge of the composer's row: a switch a chat turns on for itself. */
export interface ChatBadge {
  id: BadgeId;
  icon: ReactNode;
  label: string;
  /** Whether it can work on this endpoint and server; an unavailable badge is not shown, even in edit mode. */
  isAvailable: boolean;
}

export interface ChatBadges {
  /** Every badge, by id. */
  badges: Record<BadgeId, ChatBadge>;
  /** The saved order and removals. */
  layout: BadgeLayout;
  mcp: ChatMcp;
  webSearch: { on: boolean; set(on: boolean): void };
  /** What a send carries: the tools of the badges shown and on, or nothing. */
  ephemeralAgent: EphemeralAgent | undefined;
}

/** The badges shown in `layout`: available, not removed, in its order. */
export const shownBadges = (badges: Record<BadgeId, ChatBadge>, layout: BadgeLayout): BadgeId[] =>
  layout.order.filter((id) => badges[id].isAvailable && !layout.removed.includes(id));

/** The badges of the chat `conversationId` on `endpoint`, and the tools they turn on. */
export function useChatBadges(conversationId: string, endpoint: string | null | undefined): ChatBadges {
  const { t } = useTranslation();
  const mcp = useChatMcp(conversationId, endpoint);
  const webSearchOffered = useWebSearchOffered(endpoint);
  const [webSearchOn, setWebSearch] = useWebSearchChoice(conversationId);
  const layout = useBadgeLayout();
  const badges: Record<BadgeId, ChatBadge> = {
    web_search: { id: 'web_search', icon: <GlobeIcon />, label: t('com_ui_web_search'), isAvailable: webSearchOffered },
    mcp: { id: 'mcp', icon: <PlugIcon />, label: t('com_ui_mcp_servers'), isAvailable: mcp.servers.length > 0 },
  };
  const shown = shownBadges(badges, layout);
  // A badge taken out of the row turns nothing on: the user could not see or switch it off.
  const servers = shown.includes('mcp') ? (mcp.ephemeralAgent?.mcp.join('\n') ?? '') : '';
  const webSearch = shown.includes('web_search') && webSearchOn;
  // One object per choice, so the send callbacks that carry it stay the same between renders.
  const ephemeralAgent = useMemo(
    () =>
      servers || webSearch
        ? { mcp: servers ? servers.split('\n') : [], ...(webSearch ? { web_search: true } : {}) }
        : undefined,
    [servers, webSearch],
  );
  return { badges, layout, mcp, webSearch: { on: webSearchOn, set: setWebSearch }, ephemeralAgent };
}
