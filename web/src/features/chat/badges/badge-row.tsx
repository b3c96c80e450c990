import { useTranslation } from '@/lib/i18n/react';
import { McpSelect } from '../mcp/mcp-select';
import { useBadgeDraft } from './badge-layout';
import { BadgeEditor } from './badge-editor';
import { BADGE_BUTTON, BADGE_OFF, BADGE_ON } from './badge-style';
import { type ChatBadges, shownBadges } from './use-chat-badges';

interface BadgeRowProps {
  chat: ChatBadges;
  /** No message can be sent now: the switches wait too. */
  disabled: boolean;
}

/**
 * The composer's badge row: the switches a chat turns on for itself (web search, MCP servers),
 * in the user's order, without those removed or unavailable here. In edit mode (started from
 * Settings) it becomes the editor.
 */
export function BadgeRow({ chat, disabled }: BadgeRowProps) {
  const { t } = useTranslation();
  const draft = useBadgeDraft();
  if (draft) return <BadgeEditor badges={chat.badges} draft={draft} />;
  const shown = shownBadges(chat.badges, chat.layout);
  if (shown.length === 0) return null;
  return (
    <div role="group" aria-label={t('com_ui_chat_badges')} className="flex flex-wrap items-center gap-1.5 px-1 pt-1.5">
      {shown.map((id) => {
        if (id === 'mcp')
          return (
            <McpSelect
              key={id}
              servers={chat.mcp.servers}
              selected={chat.mcp.selected}
              onChange={chat.mcp.setSelected}
              disabled={disabled}
            />
          );
        const { on, set } = chat.webSearch;
        return (
          <button
            key={id}
            type="button"
            aria-pressed={on}
            disabled={disabled}
            title={t('com_ui_web_search_hint')}
            onClick={() => set(!on)}
            className={`${BADGE_BUTTON} ${on ? BADGE_ON : BADGE_OFF}`}
          >
            {chat.badges.web_search.icon}
            <span>{chat.badges.web_search.label}</span>
          </button>
        );
      })}
    </div>
  );
}
