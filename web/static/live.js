// The live stream (Server-Sent Events) that never gives up: after a refusal (503: the table
// is full), a dropped connection or a server restart it reconnects with back-off (1 s
// doubling to 30 s, with jitter so a hundred phones do not come back in the same instant).
// The back-off resets once a stream has opened, and its wait is cut short when the table may
// be back (retry). Below it, the page's own stream (connect).
(function () {
  "use strict";
  const FIRST_MS = 1000;
  const LONGEST_MS = 30000;
  // The table says "alive" on every stream every so often (the interval is its data). A
  // table switched off or gone out of Wi-Fi range closes nothing: the stream just falls
  // silent, and the page would say "live" all night. Silent for this many intervals, the
  // stream counts as lost.
  const SILENT_INTERVALS = 2.5;

  // handlers: {event name: function(parsed data)}; onLive(true|false) shows the state.
  function open(handlers, onLive) {
    let source, timer, delay = FIRST_MS;  // the stream; the try waiting, after this delay
    const more = [];  // listeners other modules add (the Players tab: "games")

    let heard = 0, aliveMs = 0;  // when the table last spoke; its interval, once said
    const hear = () => { heard = Date.now(); };

    function connect() {
      timer = null;
      source = new EventSource("/api/stream");
      hear();
      source.onopen = () => { delay = FIRST_MS; hear(); onLive(true); };
      source.onerror = lost;
      source.addEventListener("alive", (e) => { hear(); aliveMs = Number(e.data) * 1000 || aliveMs; });
      for (const [name, handler] of Object.entries(handlers)) {
        source.addEventListener(name, (e) => { hear(); handler(JSON.parse(e.data)); });
      }
      for (const [name, listener] of more) source.addEventListener(name, listener);
    }

    function lost() {
      onLive(false);
      source.close();  // we reconnect ourselves: EventSource gives up after a 503
      timer = setTimeout(connect, delay * (0.5 + Math.random() / 2));
      delay = Math.min(delay * 2, LONGEST_MS);
    }

    setInterval(() => {  // an open stream fallen silent
      if (source.readyState === EventSource.OPEN && aliveMs && Date.now() - heard > SILENT_INTERVALS * aliveMs) lost();
    }, 1000);

    // A reason to think the table may be back (the phone's network is, the page is looked at
    // again, the reader asks): the try the back-off holds is made now, by a page in sight. It
    // counts as one, so a table that stays away is still tried no more often than before.
    function retry() {
      if (timer && !document.hidden) { close(); connect(); }
    }
    addEventListener("online", retry);
    document.addEventListener("visibilitychange", retry);

    function close() {  // the stream, and the try waiting
      clearTimeout(timer);
      source.close();
    }

    // A fresh stream at once (e.g. after pairing: a paired phone also gets the OLED picture).
    function reopen() {
      close();
      delay = FIRST_MS;
      connect();
    }

    connect();
    return {
      reopen,
      retry,
      close,
      addEventListener: (name, listener) => {  // kept across reconnects
        more.push([name, listener]);
        source.addEventListener(name, listener);
      },
      get open() { return source.readyState === EventSource.OPEN; },
    };
  }

  // The page's stream: what each of the table's messages changes on the page.
  const companion = window.companion, app = companion;  // the page's state (app.js)
  const $ = (sel) => document.querySelector(sel);
  const t = companion.t;  // i18n.js

  function connect() {
    const live = $("#live");
    app.stream = open({
      state: (data) => { app.heard = true; app.setState(data); },  // the table has spoken
      race: (data) => { app.race = data; companion.play.renderPrompt(); companion.play.renderChoices(); },
      frame: (data) => { $("#oled").src = data; $("#oled").hidden = false; },  // paired phones only
      games: (data) => {
        if (!$("#setup").hidden && companion.setup) { companion.setup.loadGames(); companion.setup.prefill(); }  // else when the tab opens
        if (data && data.was_shown) sayDeleted(data);
      },
      legal: (data) => companion.legalMoves.fromStream(data),
      entry: (data) => afterModule(() => companion.historyTab.append(data)),
      you: (data) => {  // each stream begins with whether this phone is paired
        if (data.paired || !app.status || !app.status.paired) return;
        app.unpaired(t("unpaired_you"));  // all phones were unpaired (on the page or at the table)
      },
      language: (code) => {  // a phone chose the table's language
        if (app.status) Object.assign(app.status, {language: code, language_chosen: true});
        if (companion.setup) companion.setup.offerTableLanguage();  // else when the tab opens
      },
      links: (data) => { app.links = data; sayLinks(); },
      announce: (said) => afterModule(() => {
        const told = app.told === JSON.stringify(said.items);  // said with its move's line
        app.told = null;
        if (said.game === app.shown && !told) companion.announce.banner(said.items, t, (a, events, items) =>
          companion.historyTab.line(a, events, items, companion.historyTab.shownMemo(said.game)));
      }),
    }, (on) => {
      live.classList.toggle("off", !on);
      live.dataset.t = on ? "live" : "offline";  // said again in a language chosen later (app.js)
      live.textContent = t(live.dataset.t);
      const changed = app.live !== on;
      app.live = on;
      if (on) {
        companion.reached();
        companion.historyTab.missed();
      }
      if (changed) companion.play.render();  // the moves rest while offline, and come back
      else companion.play.sayNoGame();
    });
  }

  // The table's parts (daemon/links.py): a pulled button box, a club name clash and a club
  // broker that stays away are said at the top of the page, in the page's language, until
  // the table says they are over.
  // The broker only once it has been away for CLUB_AWAY_MS (counted from when this page
  // heard of it: the phone's clock is not the table's): paho tries again 1 s after the link
  // is lost, then 2 s after that, then 4 (club/publisher.py, reconnect_delay_set), so a
  // broker back at the first or second try (a restart, a blip) is never said, and one that
  // is still away after the second try is said before the third.
  const CLUB_AWAY_MS = 5000;
  let clubAway = null;  // {timer, said} while the table reconnects to the broker

  function sayLinks() {
    const links = app.links || {};
    const box = (links.devices || {}).button_box || {}, club = links.club || {};
    if (club.state !== "reconnecting" && clubAway) {
      clearTimeout(clubAway.timer);
      clubAway = null;
    } else if (club.state === "reconnecting" && !clubAway) {
      clubAway = {said: false};
      clubAway.timer = setTimeout(() => { clubAway.said = true; sayLinks(); }, CLUB_AWAY_MS);
    }
    const said = [];
    if (box.state === "gone") said.push(t("box_gone"));
    if (club.state === "clash") said.push(t("club_clash", {table: club.table, box: club.clash_with}));
    if (clubAway && clubAway.said) said.push(t("club_reconnecting", {broker: club.broker}));
    $("#links").textContent = said.join(" ");
    $("#links").hidden = !said.length;
  }
  document.addEventListener("companion:language", sayLinks);

  // A history line or announcement names cards and moves as its game's module does, which
  // may still be loading (the first state of a game just came): it waits for the module, in
  // the order the stream sent them (a state's own wait is in that order too).
  const afterModule = (fn) => { companion.ensureGame(app.shownKind).then(fn); };

  // The game the table showed was deleted (on any phone): it now shows another game, or
  // none (that state came just before, on the same stream), and the banner says why.
  function sayDeleted(deleted) {
    const named = (game, id) => ({id, game: companion.gameInfo(game).title});
    const now = app.shown == null ? t("no_game_now") : t("shown_now", named(app.shownKind, app.shown));
    companion.announce.note(`${t("game_deleted", named(deleted.game, deleted.deleted))} ${now}`);
  }

  companion.liveStream = {connect};
})();
