// The live stream (Server-Sent Events) that never gives up: after a refusal (503: the table
// is full), a dropped connection or a server restart it reconnects with back-off (1 s
// doubling to 30 s, with jitter so a hundred phones do not come back in the same instant).
// The back-off resets once a stream has opened.
(function () {
  "use strict";
  const FIRST_MS = 1000;
  const LONGEST_MS = 30000;

  // handlers: {event name: function(parsed data)}; onLive(true|false) shows the state.
  function open(handlers, onLive) {
    let source = null;
    let delay = FIRST_MS;
    let timer = null;
    const more = [];  // listeners other modules add (the Players tab: "games")

    function connect() {
      timer = null;
      source = new EventSource("/api/stream");
      source.onopen = () => { delay = FIRST_MS; onLive(true); };
      source.onerror = () => {
        onLive(false);
        source.close();  // we reconnect ourselves: EventSource gives up after a 503
        const wait = delay * (0.5 + Math.random() / 2);
        delay = Math.min(delay * 2, LONGEST_MS);
        timer = setTimeout(connect, wait);
      };
      for (const [name, handler] of Object.entries(handlers)) {
        source.addEventListener(name, (e) => handler(JSON.parse(e.data)));
      }
      for (const [name, listener] of more) source.addEventListener(name, listener);
    }

    // A fresh stream at once (e.g. after pairing: a paired phone also gets the OLED picture).
    function reopen() {
      if (timer) clearTimeout(timer);
      if (source) source.close();
      delay = FIRST_MS;
      connect();
    }

    connect();
    return {
      reopen,
      close: () => { if (timer) clearTimeout(timer); if (source) source.close(); },
      addEventListener: (name, listener) => {  // kept across reconnects
        more.push([name, listener]);
        if (source) source.addEventListener(name, listener);
      },
      get open() { return Boolean(source) && source.readyState === EventSource.OPEN; },
    };
  }

  window.companionLive = {open};
})();
