import { Icon } from '@/components/ui/icon';
import { MENU_ITEM_FOCUS } from '@/components/ui/menu-item-focus';
import { useMenuButton } from '@/components/ui/use-menu-button';
import { useTranslation } from '@/lib/i18n/react';
import { PlugIcon } from '../badges/badge-icons';
import { BADGE_BUTTON, BADGE_OFF, BADGE_ON } from '../badges/badge-style';
import type { McpServerChoice } from './mcp-servers';

interface McpSelectProps {
  servers: McpServerChoice[];
  selected: string[];
  onChange(servers: string[]): void;
  disabled: boolean;
}

function CheckMark({ checked }: { checked: boolean }) {
  return (
    <span
      aria-hidden="true"
      className={`flex size-4 shrink-0 items-center justify-center rounded border ${
        checked ? 'border-text-primary bg-text-primary text-surface-primary' : 'border-border-medium'
      }`}
    >
      {checked && (
        <Icon className="size-3">
          <path d="M5 12l5 5 9-10" />
        </Icon>
      )}
    </span>
  );
}

/**
 * The MCP servers badge of the composer's badge row: which of the operator's MCP servers this chat may call. Each server
 * is a checkbox that leaves the menu open, so several can be turned on in one go. The button
 * shows how many are on; with none configured for chats it is not shown at all.
 */
export function McpSelect({ servers, selected, onChange, disabled }: McpSelectProps) {
  const { t } = useTranslation();
  const { open, containerRef, triggerProps, menuProps, itemProps, focusItem } = useMenuButton({
    itemCount: servers.length,
    align: 'start',
  });
  if (servers.length === 0) return null;
  // A server no longer configured does not count, though the choice is kept for when it returns.
  const on = servers.filter((server) => selected.includes(server.name));
  const label = on.length > 0 ? t('com_ui_mcp_servers_on', { count: on.length }) : t('com_ui_mcp_servers');

  const toggle = (name: string, index: number) => {
    const next = selected.includes(name) ? selected.filter((item) => item !== name) : [...selected, name];
    onChange(next);
    focusItem(index);
  };

  return (
    <div ref={containerRef} className="relative shrink-0">
      <button
        {...triggerProps}
        disabled={disabled}
        aria-label={label}
        title={label}
        className={`${BADGE_BUTTON} ${on.length > 0 ? BADGE_ON : BADGE_OFF}`}
      >
        <PlugIcon />
        <span className="hidden sm:inline">{t('com_ui_mcp_short')}</span>
        {on.length > 0 && <span className="tabular-nums">{on.length}</span>}
      </button>
      {open && (
        <div
          {...menuProps}
          aria-label={t('com_ui_mcp_servers')}
          className="absolute bottom-full z-40 mb-2 w-64 overflow-y-auto rounded-xl border border-border-light bg-surface-primary py-1.5 text-sm shadow-xl"
        >
          <p className="px-3 pb-1.5 pt-1 text-xs text-text-secondary">{t('com_ui_mcp_servers_hint')}</p>
          {servers.map((server, index) => {
            const checked = selected.includes(server.name);
            return (
              <button
                key={server.name}
                {...itemProps(index)}
                type="button"
                role="menuitemcheckbox"
                aria-checked={checked}
                onClick={() => toggle(server.name, index)}
                className={`flex w-full items-center gap-3 px-3 py-2 text-start text-text-primary transition hover:bg-surface-secondary ${MENU_ITEM_FOCUS}`}
              >
                <CheckMark checked={checked} />
                {server.icon && <img src={server.icon} alt="" className="size-4 shrink-0 rounded-sm" />}
                <span className="min-w-0 truncate">{server.name}</span>
              </button>
            );
          })}
        </div>
      )}
    </div>
  );
}
