// Starts the request an opened page waits for, while the app's own JavaScript is still arriving
// and being evaluated (about a tenth of a second on a slow machine): the session restore and, on
// /c/{id}, that conversation's messages in the same answer (`?messages={id}`), so they need no
// second round trip after the token. The app adopts the answer (web/src/lib/api/early-requests.ts)
// instead of sending its own requests, once.
//
// A blocking script in <head>, so it always runs before the app: the refresh token rotates, and
// the app's own refresh racing this one would present a spent token and end the session.
(function () {
  // The ids of web/src/shared/conversation/types.ts that name no saved conversation.
  var unsaved = ['new', 'PENDING', 'search'];
  var match = /^\/c\/([^/]+)\/?$/.exec(location.pathname);
  var conversationId = null;
  try {
    conversationId = match ? decodeURIComponent(match[1]) : null;
  } catch (e) {}
  if (conversationId !== null && unsaved.indexOf(conversationId) !== -1) conversationId = null;

  var url = '/api/auth/refresh';
  if (conversationId !== null) url += '?messages=' + encodeURIComponent(conversationId);
  // The answer read once, as JSON: null for a refusal or the plain-text "no session" answer.
  var session = fetch(url, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { Accept: 'application/json' },
  }).then(function (response) {
    if (!response.ok) return null;
    return response.json().catch(function () {
      return null;
    });
  });
  // Marks a network failure handled, should the app never take the answer.
  session.catch(function () {});
  var messages = null;
  if (conversationId !== null) {
    messages = session.then(
      function (body) {
        return body && Array.isArray(body.messages) ? body.messages : null;
      },
      function () {
        return null;
      },
    );
  }
  window.__earlyRequests = { session: session, conversationId: conversationId, messages: messages };
})();
