import { useMemo } from 'react';
import { useTranslation } from '@/lib/i18n/react';
import type { ChatMessage } from '@/shared/conversation/types';
import { ReplyError } from '../errors/reply-error';
import { MessageImage } from '../files/message-image';
import { linkCitations } from './citations';
import { type ContentView, readContentParts, withToolAttachments } from './content-parts';
import { Markdown, PlainText } from './rich-text';
import { StreamingCursor } from './streaming-cursor';
import { ThinkingSection } from './thinking-section';
import { AgentUpdate } from './agent-update';
import { ChainedParts, lastAgentUpdate } from './agent-chain';
import { ToolCall } from './tool-call';

interface MessageContentProps {
  message: ChatMessage;
  /** The reply is still arriving: markdown shows its cursor, tool calls can still progress. */
  isStreaming: boolean;
}

/**
 * What a message says: the user's own words as plain text, a failed reply as its error, and a
 * reply as its content parts, or as markdown text when it has none (legacy endpoints, older
 * messages).
 */
export function MessageContent({ message, isStreaming }: MessageContentProps) {
  const views = useMemo(
    () => withToolAttachments(readContentParts(message.content), message.attachments),
    [message.content, message.attachments],
  );

  if (message.error) return <ReplyError text={message.text} endpoint={message.endpoint} />;
  if (message.isCreatedByUser) return <PlainText text={message.text} />;

  if (views.length === 0) {
    if (message.text.trim() === '') return isStreaming ? <StreamingCursor /> : null;
    return <Markdown content={message.text} isStreaming={isStreaming} />;
  }

  const last = views.length - 1;
  const part = (view: ContentView, index: number) => (
    <PartView
      key={index}
      view={view}
      isStreaming={isStreaming && index === last}
      isActive={isStreaming}
      endpoint={message.endpoint}
    />
  );
  const lastAgentStart = lastAgentUpdate(views);
  return (
    <>
      {lastAgentStart > 0 && message.endpoint === 'agents' ? (
        <ChainedParts agentId={message.model} views={views} lastAgentStart={lastAgentStart} renderPart={part} />
      ) : (
        views.map(part)
      )}
      {/* Markdown ends a streaming text with its own cursor; anything else needs ours. */}
      {isStreaming && views[last]?.kind !== 'text' && <StreamingCursor />}
    </>
  );
}

interface PartViewProps {
  view: ContentView;
  isStreaming: boolean;
  isActive: boolean;
  endpoint: string | null | undefined;
}

function PartView({ view, isStreaming, isActive, endpoint }: PartViewProps) {
  const { t } = useTranslation();
  switch (view.kind) {
    case 'text':
      return (
        <Markdown
          content={view.sources ? linkCitations(view.text, view.sources) : view.text}
          isStreaming={isStreaming}
        />
      );
    case 'think':
      return <ThinkingSection text={view.text} isStreaming={isStreaming} />;
    case 'tool_call':
      return <ToolCall call={view.call} isActive={isActive} />;
    case 'image':
      if (view.file)
        return (
          <div className="my-2 w-fit max-w-full">
            <MessageImage file={view.file} />
          </div>
        );
      return (
        <img
          src={view.url}
          alt={view.alt ?? t('com_ui_image')}
          width={view.width ?? undefined}
          height={view.height ?? undefined}
          loading="lazy"
          className="my-2 h-auto max-h-[28rem] max-w-full rounded-lg border border-border-light object-contain"
        />
      );
    case 'error':
      return <ReplyError text={view.text} endpoint={endpoint} />;
    case 'agent_update':
      return <AgentUpdate agentId={view.agentId} />;
  }
}
