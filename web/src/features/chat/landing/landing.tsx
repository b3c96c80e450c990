import { type ReactNode, useId } from 'react';
import { useTranslation } from '@/lib/i18n/react';
import { BirthdayIcon } from './birthday-icon';
import { greetingWithName, renderWelcome, timeOfDayGreeting } from './greeting';
import { LandingIcon } from './landing-icon';

/** The agent or assistant a new conversation talks to. */
export type LandingEntity = {
  name: string;
  description?: string;
  greeting?: string;
  avatarUrl?: string;
};

export type LandingProps = {
  /** The signed-in user's name, appended to the greeting and put in the custom welcome. */
  userName?: string;
  /** `interface.customWelcome` from the startup config; may hold `{{user.name}}`. */
  customWelcome?: string;
  /** `showBirthdayIcon` from the startup config. */
  showBirthdayIcon?: boolean;
  /** When set with a name, its name and description (or greeting) replace the welcome. */
  agentOrAssistant?: LandingEntity;
  /** The endpoint's type and configured icon, shown when there is no agent or assistant avatar. */
  endpoint?: { type?: string | null; iconURL?: string | null };
  /** The endpoint's name: the endpoint icon's text alternative. */
  endpointLabel?: string;
  /** The agent's conversation starters (up to 4 are shown); clicking one sends it. */
  starters?: readonly string[];
  onStarter?: (text: string) => void;
  /** False while a message cannot be sent (the starters are then disabled). */
  canSend?: boolean;
  /** Shown under the welcome (the prompt library's cards). */
  children?: ReactNode;
};

/** Long welcomes (admins write whole sentences) get a smaller type so they stay readable. */
function headingSizeClass(text: string): string {
  if (text.length < 40) return 'text-2xl sm:text-4xl';
  if (text.length < 70) return 'text-xl sm:text-2xl';
  return 'text-lg sm:text-xl';
}

/**
 * What an empty conversation shows. The page decides when it is
 * empty and passes what it knows; this only chooses and draws the text.
 */
export function Landing({
  userName,
  customWelcome,
  showBirthdayIcon = false,
  agentOrAssistant,
  endpoint,
  endpointLabel,
  starters = [],
  onStarter,
  canSend = true,
  children,
}: LandingProps) {
  const { t } = useTranslation();
  const headingId = useId();

  const entityName = agentOrAssistant?.name.trim();
  // LibreChat prefers the entity's description; the greeting is what a spec or preset sets.
  const subtext = [agentOrAssistant?.description, agentOrAssistant?.greeting].map((text) => text?.trim()).find(Boolean);
  const welcome = customWelcome === undefined ? '' : renderWelcome(customWelcome, { name: userName });
  // A welcome left empty (e.g. only a placeholder and no name) falls back to the clock's.
  const heading = entityName || welcome || greetingWithName(t(timeOfDayGreeting(new Date())), userName);

  const avatarUrl = entityName ? agentOrAssistant?.avatarUrl : undefined;
  // The agent's avatar repeats the heading, so it is unnamed; the endpoint icon says which endpoint.
  const iconAlt = avatarUrl ? '' : (endpointLabel ?? '');

  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-1 flex-col items-center justify-center px-4 pb-16 text-center"
    >
      <div className="relative">
        <LandingIcon avatarUrl={avatarUrl} endpoint={endpoint} alt={iconAlt} />
        {showBirthdayIcon && <BirthdayIcon className="absolute -end-3 -top-3" />}
      </div>
      <h1
        id={headingId}
        className={`mt-4 max-w-2xl font-medium text-balance text-text-primary ${headingSizeClass(heading)}`}
      >
        {heading}
      </h1>
      {subtext && <p className="mt-3 max-w-md whitespace-pre-line text-sm text-text-secondary">{subtext}</p>}
      {onStarter && starters.length > 0 && (
        <ul
          aria-label={t('com_ui_agent_starters')}
          className="mt-8 flex w-full max-w-2xl flex-wrap justify-center gap-2"
        >
          {starters.slice(0, 4).map((starter) => (
            <li key={starter} className="w-full sm:w-[calc(50%-0.25rem)]">
              <button
                type="button"
                disabled={!canSend}
                onClick={() => onStarter(starter)}
                className="line-clamp-3 size-full rounded-xl border border-border-light px-3 py-2.5 text-start text-sm text-text-primary hover:bg-surface-secondary focus-visible:outline-2 focus-visible:outline-ring-primary disabled:cursor-not-allowed disabled:opacity-50"
              >
                {starter}
              </button>
            </li>
          ))}
        </ul>
      )}
      {children}
    </section>
  );
}
