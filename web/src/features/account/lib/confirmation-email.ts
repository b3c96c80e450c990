/** Deleting is unlocked once the typed text is the account's email, ignoring case and spaces around. */
export function matchesAccountEmail(typed: string, email: string): boolean {
  const normalized = typed.trim().toLowerCase();
  return normalized !== '' && normalized === email.trim().toLowerCase();
}
