/*
 * The landing's default text: the interface's custom welcome
 * with the user's name filled in, or a greeting by time of day with the name after a comma.
 */

export type TimeOfDayGreetingKey =
  'com_ui_late_night' | 'com_ui_good_morning' | 'com_ui_good_afternoon' | 'com_ui_good_evening';

/**
 * "Late night" runs from midnight until 5:00, where morning starts — the same
 * switch LibreChat clients make, so both greet a user alike.
 */
export const LATE_NIGHT_END_HOUR = 5;
/** "before 12 morning". */
export const MORNING_END_HOUR = 12;
/** "before 17 afternoon", otherwise evening. */
export const AFTERNOON_END_HOUR = 17;

/** The greeting for the user's local clock at `date`. */
export function timeOfDayGreeting(date: Date): TimeOfDayGreetingKey {
  const hour = date.getHours();
  if (hour < LATE_NIGHT_END_HOUR) return 'com_ui_late_night';
  if (hour < MORNING_END_HOUR) return 'com_ui_good_morning';
  if (hour < AFTERNOON_END_HOUR) return 'com_ui_good_afternoon';
  return 'com_ui_good_evening';
}

/** LibreChat's placeholder for the user's name in `interface.customWelcome`. */
const USER_NAME_TOKEN = /\{\{\s*user\.name\s*\}\}/g;
/**
 * The placeholder with what only made sense next to a name: a comma and spaces before it
 * ("Welcome, {{user.name}}!"), or after it when it opens the text ("{{user.name}}, hi").
 */
const USER_NAME_TOKEN_WITH_SEPARATOR =
  /^\{\{\s*user\.name\s*\}\}[ \t]*,?[ \t]*|[ \t]*,?[ \t]*\{\{\s*user\.name\s*\}\}/g;

const presentName = (name: string | null | undefined): string | undefined => {
  const trimmed = name?.trim();
  return trimmed ? trimmed : undefined;
};

/**
 * The custom welcome with every `{{user.name}}` replaced. Without a name the placeholder is
 * dropped with its separator ("Welcome, {{user.name}}!" → "Welcome!") rather than shown raw.
 */
export function renderWelcome(template: string, user: { name?: string | null } | null | undefined): string {
  const name = presentName(user?.name);
  // A function replacement: a name like "$&" must be inserted as written, not as a pattern.
  if (name) return template.replace(USER_NAME_TOKEN, () => name);
  return template.replace(USER_NAME_TOKEN_WITH_SEPARATOR, '').trim();
}

/** "Good morning" → "Good morning, Ada"; unchanged without a name. */
export function greetingWithName(greeting: string, name: string | null | undefined): string {
  const present = presentName(name);
  return present ? `${greeting}, ${present}` : greeting;
}
