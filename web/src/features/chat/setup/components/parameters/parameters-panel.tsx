import { ANTHROPIC_DEFAULT_FLAGS } from '@contract/model-parameters';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { useTranslation } from '@/lib/i18n/react';
import type { ChatSetup } from '@/shared/conversation/types';
import { useChatSetup } from '../../chat-setup-context';
import { type ParameterField, parameterFields } from '../../lib/parameter-fields';
import { parameterKindOf } from '../../lib/parameter-kind';
import { ChoiceParameter } from './choice-parameter';
import { ImageDetailParameter } from './image-detail-parameter';
import { NumberParameter } from './number-parameter';
import { StopSequencesInput } from './stop-sequences-input';
import { TextParameter } from './text-parameter';
import { ToggleParameter } from './toggle-parameter';

type ParametersPanelProps = {
  open: boolean;
  onClose: () => void;
};

/** A patch setting one field; `undefined` unsets it (the default applies). */
function patchOf<K extends keyof ChatSetup>(key: K, value: ChatSetup[K] | undefined): Partial<ChatSetup> {
  const patch: Partial<ChatSetup> = {};
  patch[key] = value;
  return patch;
}

/** Whether thinking is on, as the worker reads it: unset means the default. */
const thinkingOn = (setup: ChatSetup) =>
  typeof setup.thinking === 'boolean' ? setup.thinking : ANTHROPIC_DEFAULT_FLAGS.thinking;

/**
 * The current endpoint's model parameters (the table of worker/contract/model-parameters.ts
 * for this endpoint and model). A bottom sheet on small screens, a side sheet beside the
 * chat on wider ones. Every change applies at once; "Reset all" unsets the whole table.
 */
export function ParametersPanel({ open, onClose }: ParametersPanelProps) {
  const { t } = useTranslation();
  const { setup, update } = useChatSetup();
  const kind = parameterKindOf(setup);
  const fields = kind ? parameterFields(kind, setup.model) : [];
  const visible = fields.filter((field) => field.requires !== 'thinking' || thinkingOn(setup));

  const resetAll = () => {
    const patch: Partial<ChatSetup> = {};
    for (const field of fields) Object.assign(patch, patchOf(field.key, undefined));
    update(patch);
  };

  const render = (field: ParameterField) => {
    const label = t(field.label);
    const value = setup[field.key];
    switch (field.type) {
      case 'number':
        return (
          <NumberParameter
            key={field.key}
            field={field}
            label={label}
            value={value}
            onChange={(next) => update(patchOf(field.key, next))}
          />
        );
      case 'toggle':
        return (
          <ToggleParameter
            key={field.key}
            field={field}
            label={label}
            value={value}
            onChange={(next) => update(patchOf(field.key, next))}
          />
        );
      case 'imageDetail':
        return (
          <ImageDetailParameter
            key={field.key}
            label={label}
            value={value}
            onChange={(next) => update(patchOf('imageDetail', next))}
          />
        );
      case 'choice':
        return (
          <ChoiceParameter
            key={field.key}
            field={field}
            label={label}
            value={value}
            onChange={(next) =>
              update(
                patchOf('reasoning_effort', next === 'low' || next === 'medium' || next === 'high' ? next : undefined),
              )
            }
          />
        );
      case 'text':
      case 'textarea':
        return (
          <TextParameter
            key={field.key}
            field={field}
            label={label}
            value={value}
            onChange={(next) => update(patchOf(field.key, next))}
          />
        );
      case 'stop':
        return (
          <StopSequencesInput
            key={field.key}
            label={label}
            value={value}
            onChange={(next) => update(patchOf('stop', next))}
          />
        );
    }
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      size="sm"
      title={t('com_endpoint_parameters')}
      description={[setup.endpoint, setup.model].filter(Boolean).join(' · ') || undefined}
      className="md:ms-auto md:h-full md:max-h-none"
    >
      {visible.length === 0 ? (
        <p className="text-sm text-text-secondary">{t('com_endpoint_no_parameters')}</p>
      ) : (
        <div className="divide-y divide-border-light">{visible.map(render)}</div>
      )}
      {visible.length > 0 && (
        <div className="mt-5 flex justify-end gap-2 border-t border-border-light pt-4">
          <Button variant="outline" onClick={resetAll}>
            {t('com_endpoint_reset_all')}
          </Button>
          <Button onClick={onClose}>{t('com_ui_close')}</Button>
        </div>
      )}
    </Dialog>
  );
}
