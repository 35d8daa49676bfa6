// What net_ws_web.c needs beyond emscripten's WebSocket API (-lwebsocket.js): the socket made
// inside a try. A browser's WebSocket constructor throws for some addresses (a port it blocks,
// ws:// from a page served over https); uncaught, the exception would leave the frame and stop
// the game. Its message becomes the connection's close reason.
mergeInto(LibraryManager.library, {
  net_ws_web_new__deps: ['emscripten_websocket_new'],
  net_ws_web_new: function (attrs, why, size) {
    try {
      return _emscripten_websocket_new(attrs);
    } catch (e) {
      stringToUTF8(String(e && e.message ? e.message : e), why, size);
      return 0;
    }
  },
});
