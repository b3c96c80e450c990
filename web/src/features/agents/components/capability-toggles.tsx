import { CheckboxField } from '@/components/ui/checkbox-field';
import { useTranslation } from '@/lib/i18n/react';
import type { AgentFormValues } from '../lib/agent-form';

/** Capabilities this server cannot run (no code sandbox, no vector store, no OCR service). */
const UNAVAILABLE = ['execute_code', 'file_search', 'ocr'] as const;

interface CapabilityTogglesProps {
  /** `endpoints.agents.capabilities`: only these are offered. */
  capabilities: readonly string[];
  values: AgentFormValues;
  onChange: (patch: Partial<AgentFormValues>) => void;
  readOnly: boolean;
}

/**
 * The agent's switches, exactly those the server offers. Tools and actions have sections of
 * their own; the capabilities the server names but cannot run are shown off, with why.
 */
export function CapabilityToggles({ capabilities, values, onChange, readOnly }: CapabilityTogglesProps) {
  const { t } = useTranslation();
  const has = (capability: string) => capabilities.includes(capability);
  return (
    <fieldset className="space-y-2">
      <legend className="mb-1.5 text-sm font-medium text-text-primary">{t('com_agents_capabilities')}</legend>
      {has('artifacts') && (
        <CheckboxField
          label={t('com_agents_capability_artifacts')}
          checked={values.artifacts !== ''}
          disabled={readOnly}
          onChange={(checked) => onChange({ artifacts: checked ? 'default' : '' })}
        />
      )}
      {has('end_after_tools') && (
        <CheckboxField
          label={t('com_agents_capability_end_after_tools')}
          checked={values.end_after_tools}
          disabled={readOnly}
          onChange={(checked) => onChange({ end_after_tools: checked })}
        />
      )}
      {/* With a chain offered, this switch sits in the chain's section, beside what it is about. */}
      {has('hide_sequential_outputs') && !has('chain') && (
        <CheckboxField
          label={t('com_agents_capability_hide_sequential')}
          checked={values.hide_sequential_outputs}
          disabled={readOnly}
          onChange={(checked) => onChange({ hide_sequential_outputs: checked })}
        />
      )}
      {UNAVAILABLE.filter(has).map((capability) => (
        <CheckboxField
          key={capability}
          label={t(`com_agents_capability_${capability}`)}
          info={t('com_agents_capability_unavailable')}
          checked={false}
          disabled
          onChange={() => undefined}
        />
      ))}
    </fieldset>
  );
}
