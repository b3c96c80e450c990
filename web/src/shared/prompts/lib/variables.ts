/**
 * Prompt variables: `{{name}}` asks for text, `{{name:optionA|optionB}}` for one of the
 * options. A few names are filled in by the app and never asked for.
 */

export type PromptVariable = {
  /** What stands between the braces, trimmed: the placeholder every occurrence shares. */
  key: string;
  /** The name shown to the user (before the colon). */
  name: string;
  /** The choices of a dropdown; empty for a text field. */
  options: string[];
};

const VARIABLE_PATTERN = /\{\{\s*([^{}\s][^{}]*?)\s*\}\}/g;

export const APP_FILLED_VARIABLES = ['current_date', 'current_user', 'iso_datetime', 'current_datetime'] as const;

const isAppFilled = (key: string) => (APP_FILLED_VARIABLES as readonly string[]).includes(key.toLowerCase());

function parseVariable(key: string): PromptVariable {
  const colon = key.indexOf(':');
  if (colon < 0) return { key, name: key, options: [] };
  const options = key
    .slice(colon + 1)
    .split('|')
    .map((option) => option.trim())
    .filter(Boolean);
  return { key, name: key.slice(0, colon).trim() || key, options };
}

/** The variables the user fills in, each once, in the order they first appear. */
export function extractVariables(text: string): PromptVariable[] {
  const seen = new Set<string>();
  const variables: PromptVariable[] = [];
  for (const match of text.matchAll(VARIABLE_PATTERN)) {
    const key = match[1] ?? '';
    if (seen.has(key) || isAppFilled(key)) continue;
    seen.add(key);
    variables.push(parseVariable(key));
  }
  return variables;
}

/** Every variable's name, app-filled ones included (the editor's chips). */
export function variableNames(text: string): string[] {
  const names = new Set<string>();
  for (const match of text.matchAll(VARIABLE_PATTERN)) names.add(parseVariable(match[1] ?? '').name);
  return [...names];
}

const pad = (value: number) => String(value).padStart(2, '0');

/** What the app puts in for its own variables, at `now`, in the browser's time zone. */
export function appFilledValues(now: Date, userName: string): Record<string, string> {
  const weekday = now.toLocaleDateString('en-US', { weekday: 'long' });
  const date = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  const time = `${pad(now.getHours())}:${pad(now.getMinutes())}:${pad(now.getSeconds())}`;
  return {
    current_date: `${date} (${weekday})`,
    current_datetime: `${date} ${time} (${weekday})`,
    iso_datetime: now.toISOString(),
    current_user: userName,
  };
}

/**
 * The text with the user's values and the app's own put in. A variable left empty stays as
 * written, so the reader sees what was not filled rather than a gap.
 */
export function fillVariables(text: string, values: Record<string, string>, appFilled: Record<string, string>): string {
  return text.replace(VARIABLE_PATTERN, (placeholder, rawKey: string) => {
    const appValue = appFilled[rawKey.toLowerCase()];
    if (isAppFilled(rawKey) && appValue) return appValue;
    const value = values[rawKey];
    return value ? value : placeholder;
  });
}

/** Whether running the prompt needs the form (it has variables the user fills in). */
export const needsVariableForm = (text: string) => extractVariables(text).length > 0;
