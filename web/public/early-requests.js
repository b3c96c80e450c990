// Starts the two requests an opened conversation waits for, while the app's own JavaScript is
// still arriving and being evaluated (about a tenth of a second on a slow machine): the session
// restore and, on /c/{id}, that conversation's messages, which need the restored access token.
// The app adopts them (web/src/lib/api/early-requests.ts) instead of sending its own, once.
//
// A blocking script in <head>, so it always runs before the app: the refresh token rotates, and
// the app's own refresh racing this one would present a spent token and end the session.
(function () {
  var accept = { Accept: 'application/json' };
  var refresh = fetch('/api/auth/refresh', { method: 'POST', credentials: 'same-origin', headers: accept });

  // The ids of web/src/shared/conversation/types.ts that name no saved conversation.
  var unsaved = ['new', 'PENDING', 'search'];
  var match = /^\/c\/([^/]+)\/?$/.exec(location.pathname);
  var conversationId = null;
  try {
    conversationId = match ? decodeURIComponent(match[1]) : null;
  } catch (e) {}
  var messages = null;
  if (conversationId !== null && unsaved.indexOf(conversationId) === -1) {
    messages = refresh
      .then(function (response) {
        return response.ok ? response.clone().json() : null;
      })
      .then(function (session) {
        if (!session || typeof session.token !== 'string' || session.token === '') return null;
        return fetch('/api/messages/' + encodeURIComponent(conversationId), {
          credentials: 'same-origin',
          headers: { Accept: 'application/json', Authorization: 'Bearer ' + session.token },
        });
      })
      .catch(function () {
        return null;
      });
  }
  window.__earlyRequests = { refresh: refresh, conversationId: conversationId, messages: messages };
})();
