/**
 * Turns a provider's events into the reply's wire frames and accumulates the reply itself.
 *
 * Content-parts dialect (openAI, azureOpenAI, custom, anthropic, bedrock, and google models that
 * send thought summaries — see worker/engine/stream-dialect.ts): a run step
 * (`on_run_step`, message_creation, with the part's index) opens each part, and a new part
 * starts whenever the type switches between thinking and text; `on_message_delta` /
 * `on_reasoning_delta` carry the chunks. The reply's `content` is the parts
 * (`{type:'think', think}`, `{type:'text', text}`) and its `text` the text parts joined.
 *
 * Legacy dialect (google models that do not think): `{message:true, initial, text: <full text so
 * far>, …}` frames and a plain `text`. Each frame carries the whole text, so they are not buffered for replay: one
 * frame with the current text brings a late subscriber to the same state ({@link replayTail}).
 * Thinking has no place in that dialect and is left out, which is why thinking models avoid it.
 *
 * A continued or edited reply starts from `generation`: its text is the first text part, and
 * new text extends it.
 */
import type { StreamDialect, WireContentPart, WireToolSource } from '../../worker/contract/stream';
import type { ToolAttachment } from '../../worker/agent-tools/types';
import type { ProviderEvent } from '../../worker/providers/types';
import {
  agentUpdateFrame,
  attachmentFrame,
  DeltaEncoder,
  messageFrame,
  toolArgsFrame,
  toolCompletedFrame,
  toolAuthFrame,
  toolStepFrame,
  type DeltaKind,
} from './frames';

export interface ContentSnapshot {
  text: string;
  content: WireContentPart[] | null;
  /** Characters of text (not thinking) that arrived in this run, generation excluded. */
  receivedTextChars: number;
}

/** A tool call of the agent loop: its own run step and content part; `name` is the tool's key. */
interface ToolCallPart {
  type: 'tool_call';
  id: string;
  name: string;
  args: string;
  stepId: string;
  output?: string;
  /** The pages a search call found, which the reply cites by number. */
  sources?: WireToolSource[];
}

/** An image a tool made, shown right after the calls of its turn. */
interface ImagePart {
  type: 'image_file';
  file: ToolAttachment;
}

/** Where the next agent of a chain takes over the reply. */
interface AgentUpdatePart {
  type: 'agent_update';
  agentId: string;
  index: number;
}

type Part =
  { type: DeltaKind; value: string } | ToolCallPart | ImagePart | AgentUpdatePart | { type: 'error'; value: string };

export interface ContentBuilderOptions {
  dialect: StreamDialect;
  responseMessageId: string;
  parentMessageId: string;
  generation: string | null;
  /** The agent's tools, wire name → key: a call is shown and stored under its tool's key. */
  toolKeys?: ReadonlyMap<string, string>;
}

export class ContentBuilder {
  private readonly parts: Part[] = [];
  private step: { kind: DeltaKind; encoder: DeltaEncoder } | null = null;
  private receivedTextChars = 0;
  private legacyFrames = 0;
  /** The current turn's calls by their index in the turn (a later turn's start replaces them). */
  private readonly turnCalls = new Map<number, ToolCallPart>();
  /** The tools of the agent speaking now, wire name → key (each agent of a chain has its own). */
  private toolKeys: ReadonlyMap<string, string> | undefined;

  constructor(private readonly options: ContentBuilderOptions) {
    this.toolKeys = options.toolKeys;
    if (options.generation) this.parts.push({ type: 'text', value: options.generation });
  }

  /**
   * The next agent of a chain takes over: an `agent_update` part marks where its parts start,
   * and its calls are named by its own tools from here on.
   */
  agentUpdate(agentId: string, toolKeys: ReadonlyMap<string, string>): string {
    const index = this.parts.length;
    this.parts.push({ type: 'agent_update', agentId, index });
    this.toolKeys = toolKeys;
    this.step = null;
    this.turnCalls.clear();
    return agentUpdateFrame({ index, runId: this.options.responseMessageId, agentId });
  }

  /** Whether the frames {@link apply} returns belong in the replay buffer. */
  get buffersDeltas(): boolean {
    return this.options.dialect === 'parts';
  }

  /** The frames for one event ('' for events that produce none: usage, finish). */
  apply(event: ProviderEvent): string {
    // Tool calls are content parts: the legacy dialect (google models that do not think) has none.
    if (event.type === 'tool_call_start' && this.buffersDeltas)
      return this.openToolCall(event.index, event.id, event.name);
    if (event.type === 'tool_call_args' && this.buffersDeltas) return this.appendToolArgs(event.index, event.chunk);
    if (event.type !== 'text' && event.type !== 'reasoning') return '';
    if (event.text === '') return '';
    const kind: DeltaKind = event.type === 'text' ? 'text' : 'think';
    if (kind === 'text') this.receivedTextChars += event.text.length;
    if (this.options.dialect === 'legacy') return kind === 'text' ? this.appendLegacy(event.text) : '';
    let opened = '';
    if (this.step?.kind !== kind) opened = this.openStep(kind);
    const part = this.parts.at(-1);
    if (part?.type === kind) part.value += event.text;
    return opened + (this.step?.encoder.encode(event.text) ?? '');
  }

  /** Frames that bring a subscriber attaching now up to date beyond the buffered ones. */
  replayTail(): string {
    if (this.options.dialect !== 'legacy' || this.legacyFrames === 0) return '';
    return this.legacyFrame(true);
  }

  /** A call's output arrived: its part gets it (and a search's sources), and the frame shows it under the call. */
  completeToolCall(callId: string, output: string, sources?: readonly WireToolSource[]): string {
    const part = this.toolCall(callId);
    if (!part) return '';
    part.output = output;
    if (sources && sources.length > 0) part.sources = [...sources];
    const { id, name, args } = part;
    const shown = part.sources ? { sources: part.sources } : {};
    return toolCompletedFrame(part.stepId, this.parts.indexOf(part), { id, name, args, output, ...shown });
  }

  /** A call waits for the user to sign in: the frame that shows the link under it ('' for an unknown call). */
  toolCallAuth(callId: string, link: string, expiresAt: number): string {
    const part = this.toolCall(callId);
    return part ? toolAuthFrame(part.stepId, link, expiresAt) : '';
  }

  /**
   * A file a call made: an `image_file` part after the parts so far (its turn's calls: a part put
   * between them would move the indexes the clients already placed them at), and LibreChat's
   * `attachment` frame, which the client shows under the call until the final message arrives.
   */
  attachImage(callId: string, file: ToolAttachment, conversationId: string): string {
    if (!this.toolCall(callId)) return '';
    this.parts.push({ type: 'image_file', file });
    this.step = null;
    const { fileId, filename, filepath, type, width, height } = file;
    const size = width !== undefined && height !== undefined ? { width, height } : {};
    const messageId = this.options.responseMessageId;
    return attachmentFrame({
      file_id: fileId,
      filename,
      filepath,
      type,
      ...size,
      messageId,
      toolCallId: callId,
      conversationId,
    });
  }

  /** The content index of a call's part (-1 when there is none). */
  toolCallIndex(callId: string): number {
    const part = this.toolCall(callId);
    return part ? this.parts.indexOf(part) : -1;
  }

  /** An error the run ends with, kept as a part of the reply (the limit, a failed later turn). */
  errorPart(text: string): void {
    this.parts.push({ type: 'error', value: text });
    this.step = null;
  }

  /**
   * The reply so far. Without outputs (what the run stores while it runs, see RunStore's steps):
   * the outputs are stored once each, not rewritten with every snapshot.
   */
  snapshot({ withOutputs = true }: { withOutputs?: boolean } = {}): ContentSnapshot {
    const text = this.parts
      .filter((part) => part.type === 'text')
      .map((part) => (part.type === 'text' ? part.value : ''))
      .join('');
    const content: WireContentPart[] | null =
      this.options.dialect === 'legacy'
        ? null
        : this.parts.map((part) => wirePart(part, withOutputs, this.options.responseMessageId));
    return { text, content, receivedTextChars: this.receivedTextChars };
  }

  private toolCall(callId: string): ToolCallPart | undefined {
    return this.parts.find((part): part is ToolCallPart => part.type === 'tool_call' && part.id === callId);
  }

  private openToolCall(index: number, id: string, wireName: string): string {
    const stepId = `step_${crypto.randomUUID().replaceAll('-', '')}`;
    const name = this.toolKeys?.get(wireName) ?? wireName;
    const part: ToolCallPart = { type: 'tool_call', id, name, args: '', stepId };
    this.turnCalls.set(index, part);
    this.parts.push(part);
    // Text after the call opens a part of its own.
    this.step = null;
    const runId = this.options.responseMessageId;
    return toolStepFrame({ id: stepId, runId, index: this.parts.length - 1, callId: id, name });
  }

  private appendToolArgs(index: number, chunk: string): string {
    const part = this.turnCalls.get(index);
    if (!part || chunk === '') return '';
    part.args += chunk;
    return toolArgsFrame(part.stepId, part.id, chunk);
  }

  private openStep(kind: DeltaKind): string {
    const last = this.parts.at(-1);
    // The first text of a continued reply extends the generation's part instead of opening one.
    const extend = this.step === null && kind === 'text' && last?.type === 'text';
    const index = extend ? this.parts.length - 1 : this.parts.length;
    if (!extend) this.parts.push({ type: kind, value: '' });
    const id = `step_${crypto.randomUUID().replaceAll('-', '')}`;
    this.step = { kind, encoder: new DeltaEncoder(id, kind) };
    const messageId = this.options.responseMessageId;
    return messageFrame({
      event: 'on_run_step',
      data: {
        id,
        runId: messageId,
        type: 'message_creation',
        index,
        stepDetails: { type: 'message_creation', message_creation: { message_id: messageId } },
      },
    });
  }

  private appendLegacy(chunk: string): string {
    let part = this.parts[0];
    if (part?.type !== 'text') {
      part = { type: 'text', value: '' };
      this.parts.unshift(part);
    }
    part.value += chunk;
    return this.legacyFrame(this.legacyFrames++ === 0);
  }

  private legacyFrame(initial: boolean): string {
    return messageFrame({
      message: true,
      initial,
      text: this.parts[0]?.type === 'text' ? this.parts[0].value : '',
      messageId: this.options.responseMessageId,
      parentMessageId: this.options.parentMessageId,
    });
  }
}

function wirePart(part: Part, withOutputs: boolean, runId: string): WireContentPart {
  switch (part.type) {
    case 'text':
      return { type: 'text', text: part.value };
    case 'think':
      return { type: 'think', think: part.value };
    case 'error':
      return { type: 'error', error: part.value };
    case 'agent_update':
      return { type: 'agent_update', agent_update: { index: part.index, runId, agentId: part.agentId } };
    case 'tool_call': {
      const { id, name, args, output, sources } = part;
      const done = withOutputs && output !== undefined ? { output, progress: 1, ...(sources ? { sources } : {}) } : {};
      return { type: 'tool_call', tool_call: { id, name, args, type: 'tool_call', ...done } };
    }
    case 'image_file': {
      const { fileId, filename, filepath, width, height } = part.file;
      const size = width !== undefined && height !== undefined ? { width, height } : {};
      return { type: 'image_file', image_file: { file_id: fileId, filename, filepath, ...size } };
    }
  }
}
