/**
 * Reading LibreChat-style environment flags. Values are strings ("true", "false", "1", …) or
 * absent; each flag's default is decided where it is read, so it is visible next to its use.
 */
export function isTrue(value: string | undefined): boolean {
  return value !== undefined && ['true', '1', 'yes'].includes(value.trim().toLowerCase());
}

export function isFalse(value: string | undefined): boolean {
  return value !== undefined && ['false', '0', 'no'].includes(value.trim().toLowerCase());
}

/** True unless explicitly switched off: for features that are on by default. */
export function enabledUnlessFalse(value: string | undefined): boolean {
  return !isFalse(value);
}

/** A comma-separated list (`OPENAI_MODELS=a,b`), trimmed, empty items dropped. */
export function commaList(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}
