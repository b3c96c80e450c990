import type { ReactNode } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { TEXT_LINK_CLASSES } from '@/components/ui/text-link';
import { useTranslation } from '@/lib/i18n/react';
import { AlertIcon, CheckIcon, ToolIcon } from '../icons';
import type { ToolCallView } from './content-parts';
import { authHost, type ToolCallState, toolCallState } from './tool-call-state';
import { parseToolName } from './tool-name';

const STATE_ICON: Record<ToolCallState, ReactNode> = {
  in_progress: <Spinner className="size-3.5" />,
  auth_required: <ToolIcon className="size-4" />,
  finished: <CheckIcon className="size-4 text-text-success" />,
  error: <AlertIcon className="size-4 text-text-destructive" />,
  failed: <AlertIcon className="size-4 text-text-secondary" />,
};

/**
 * A tool call inside a reply: its state in one line, its
 * input and output behind a disclosure, a search's sources as links (numbered as the reply cites
 * them), and, while it waits for the user to sign in, the link with the host spelled out so the
 * user can judge it.
 */
export function ToolCall({ call, isActive }: { call: ToolCallView; isActive: boolean }) {
  const { t } = useTranslation();
  const state = toolCallState({ progress: call.progress, output: call.output, auth: call.auth, isActive });
  const parsed = parseToolName(call.name);
  const name =
    parsed.kind === 'mcp'
      ? t('com_ui_tool_mcp_name', { name: parsed.name, server: parsed.server })
      : parsed.kind === 'action' && parsed.domain
        ? t('com_ui_tool_action_name', { name: parsed.name, domain: parsed.domain })
        : parsed.name;
  const label = {
    in_progress: t('com_ui_tool_running', { name }),
    auth_required: t('com_ui_tool_auth_required', { name }),
    finished: t('com_ui_tool_finished', { name }),
    error: t('com_ui_tool_error', { name }),
    failed: t('com_ui_tool_failed', { name }),
  }[state];
  const host = state === 'auth_required' && call.auth ? authHost(call.auth) : null;
  const hasDetails = call.args.trim() !== '' || (call.output ?? '').trim() !== '';

  const summary = (
    <span className="inline-flex items-center gap-2" data-state={state}>
      {STATE_ICON[state]}
      <span className={state === 'error' ? 'text-text-destructive' : undefined}>{label}</span>
    </span>
  );

  return (
    <div
      className="my-2 rounded-lg border border-border-light bg-surface-secondary text-sm"
      aria-busy={state === 'in_progress' || undefined}
    >
      {hasDetails ? (
        <details className="group/tool">
          <summary className="cursor-pointer list-none rounded-lg px-3 py-2 [&::-webkit-details-marker]:hidden focus-visible:outline-2 focus-visible:outline-ring-primary">
            {summary}
          </summary>
          <div className="space-y-2 border-t border-border-light px-3 py-2">
            {call.args.trim() !== '' && <ToolText title={t('com_ui_tool_input')} text={prettyJson(call.args)} />}
            {call.output && call.output.trim() !== '' && (
              <ToolText title={t('com_ui_tool_output')} text={call.output} />
            )}
          </div>
        </details>
      ) : (
        <div className="px-3 py-2">{summary}</div>
      )}
      {call.sources.length > 0 && (
        <div className="border-t border-border-light px-3 py-2">
          <p className="mb-1 text-xs font-medium text-text-secondary" aria-hidden="true">
            {t('com_ui_tool_sources')}
          </p>
          <ol className="space-y-0.5 text-xs" aria-label={t('com_ui_tool_sources')}>
            {call.sources.map((source) => (
              <li key={source.index} className="flex min-w-0 gap-1.5">
                <span className="shrink-0 text-text-secondary">[{source.index}]</span>
                <a
                  href={source.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={`${TEXT_LINK_CLASSES} min-w-0 truncate`}
                >
                  {source.title}
                </a>
                <span className="shrink-0 text-text-secondary">{source.host}</span>
              </li>
            ))}
          </ol>
        </div>
      )}
      {host && call.auth && (
        <div className="space-y-1 border-t border-border-light px-3 py-2">
          <a href={call.auth} target="_blank" rel="noopener noreferrer" className={TEXT_LINK_CLASSES}>
            {t('com_ui_tool_sign_in', { host })}
          </a>
          <p className="text-xs text-text-secondary">{t('com_ui_tool_trust_warning', { host })}</p>
        </div>
      )}
    </div>
  );
}

/** Arguments streamed as a JSON string read better indented; anything else is shown as it came. */
export function prettyJson(text: string): string {
  const trimmed = text.trim();
  if (!trimmed.startsWith('{') && !trimmed.startsWith('[')) return text;
  try {
    return JSON.stringify(JSON.parse(trimmed), null, 2);
  } catch {
    return text;
  }
}

function ToolText({ title, text }: { title: string; text: string }) {
  return (
    <div>
      <p className="mb-1 text-xs font-medium text-text-secondary">{title}</p>
      <pre className="max-h-64 overflow-auto whitespace-pre-wrap break-words rounded-md bg-surface-primary p-2 font-mono text-xs">
        {text}
      </pre>
    </div>
  );
}
