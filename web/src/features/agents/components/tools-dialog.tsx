import { Dialog } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { useTranslation } from '@/lib/i18n/react';
import { parseToolName } from '@/shared/message/content/tool-name';
import { useAgentTools } from '../api/tools';
import { ToolCredentials } from './tool-credentials';

interface ToolsDialogProps {
  open: boolean;
  onClose: () => void;
  /** The agent's tool keys; checking a tool adds its key, unchecking removes it. */
  selected: readonly string[];
  onChange: (tools: string[]) => void;
}

/**
 * The tools the server offers (built-ins and MCP servers' tools), each with a checkbox; under a
 * tool that needs a key, the user's own key form (or a way to remove it).
 */
export function ToolsDialog({ open, onClose, selected, onChange }: ToolsDialogProps) {
  const { t } = useTranslation();
  const tools = useAgentTools(open);
  const toggle = (key: string, checked: boolean) =>
    onChange(checked ? [...selected, key] : selected.filter((existing) => existing !== key));

  return (
    <Dialog open={open} onClose={onClose} title={t('com_agents_tools_title')} size="md">
      {tools.isPending ? (
        <Spinner />
      ) : tools.isError ? (
        <p className="text-sm text-text-destructive">{t('com_agents_tools_error')}</p>
      ) : tools.data.length === 0 ? (
        <p className="text-sm text-text-secondary">{t('com_agents_tools_none')}</p>
      ) : (
        <ul className="max-h-[60vh] space-y-1 overflow-y-auto">
          {tools.data.map((tool) => {
            const parsed = parseToolName(tool.pluginKey);
            const server = parsed.kind === 'mcp' ? parsed.server : null;
            return (
              <li key={tool.pluginKey}>
                <label className="flex cursor-pointer items-start gap-3 rounded-lg p-2 hover:bg-surface-secondary">
                  <input
                    type="checkbox"
                    className="mt-1 size-4 shrink-0 accent-surface-submit"
                    checked={selected.includes(tool.pluginKey)}
                    onChange={(event) => toggle(tool.pluginKey, event.target.checked)}
                  />
                  <span className="min-w-0 text-sm">
                    <span className="block font-medium text-text-primary">
                      {tool.name}
                      {server && <span className="font-normal text-text-secondary"> · {server}</span>}
                    </span>
                    {tool.description && (
                      <span className="line-clamp-2 block text-text-secondary">{tool.description}</span>
                    )}
                  </span>
                </label>
                <ToolCredentials tool={tool} />
              </li>
            );
          })}
        </ul>
      )}
    </Dialog>
  );
}
