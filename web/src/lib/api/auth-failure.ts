/**
 * What happens when the session cannot be renewed is the app's decision (redirect to /login,
 * except on shared links), not the HTTP client's: the app registers it here.
 */
type AuthFailureHandler = () => void;

let handler: AuthFailureHandler | null = null;

/** Registers the handler and returns a function that unregisters it. */
export function setOnAuthFailure(next: AuthFailureHandler | null): () => void {
  handler = next;
  return () => {
    if (handler === next) handler = null;
  };
}

export function notifyAuthFailure(): void {
  handler?.();
}
