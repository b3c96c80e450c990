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
import type { StreamDialect, WireContentPart } from '../../worker/contract/stream';
import type { ProviderEvent } from '../../worker/providers/types';
import { DeltaEncoder, messageFrame, type DeltaKind } from './frames';

export interface ContentSnapshot {
  text: string;
  content: WireContentPart[] | null;
  /** Characters of text (not thinking) that arrived in this run, generation excluded. */
  receivedTextChars: number;
}

interface Part {
  type: DeltaKind;
  value: string;
}

export interface ContentBuilderOptions {
  dialect: StreamDialect;
  responseMessageId: string;
  parentMessageId: string;
  generation: string | null;
}

export class ContentBuilder {
  private readonly parts: Part[] = [];
  private step: { kind: DeltaKind; encoder: DeltaEncoder } | null = null;
  private receivedTextChars = 0;
  private legacyFrames = 0;

  constructor(private readonly options: ContentBuilderOptions) {
    if (options.generation) this.parts.push({ type: 'text', value: options.generation });
  }

  /** Whether the frames {@link apply} returns belong in the replay buffer. */
  get buffersDeltas(): boolean {
    return this.options.dialect === 'parts';
  }

  /** The frames for one event ('' for events that produce none: usage, finish). */
  apply(event: ProviderEvent): string {
    if (event.type !== 'text' && event.type !== 'reasoning') return '';
    if (event.text === '') return '';
    const kind: DeltaKind = event.type === 'text' ? 'text' : 'think';
    if (kind === 'text') this.receivedTextChars += event.text.length;
    if (this.options.dialect === 'legacy') return kind === 'text' ? this.appendLegacy(event.text) : '';
    let opened = '';
    if (this.step?.kind !== kind) opened = this.openStep(kind);
    const part = this.parts.at(-1);
    if (part) part.value += event.text;
    return opened + (this.step?.encoder.encode(event.text) ?? '');
  }

  /** Frames that bring a subscriber attaching now up to date beyond the buffered ones. */
  replayTail(): string {
    if (this.options.dialect !== 'legacy' || this.legacyFrames === 0) return '';
    return this.legacyFrame(true);
  }

  snapshot(): ContentSnapshot {
    const text = this.parts
      .filter((part) => part.type === 'text')
      .map((part) => part.value)
      .join('');
    const content: WireContentPart[] | null =
      this.options.dialect === 'legacy'
        ? null
        : this.parts.map((part) =>
            part.type === 'text' ? { type: 'text', text: part.value } : { type: 'think', think: part.value },
          );
    return { text, content, receivedTextChars: this.receivedTextChars };
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
    const part = this.parts[0] ?? { type: 'text', value: '' };
    if (this.parts.length === 0) this.parts.push(part);
    part.value += chunk;
    return this.legacyFrame(this.legacyFrames++ === 0);
  }

  private legacyFrame(initial: boolean): string {
    return messageFrame({
      message: true,
      initial,
      text: this.parts[0]?.value ?? '',
      messageId: this.options.responseMessageId,
      parentMessageId: this.options.parentMessageId,
    });
  }
}
