// The History tab: one line per action (who did what, then what it caused). The stream
// sends each new line (`entry`); the history is fetched whole only when the lines held do not
// lead to the state shown (another game, an undo, a missed message). Every move is also news
// on every phone (its banner).
(function () {
  "use strict";
  const companion = window.companion, app = companion;  // the page's state (app.js)
  const $ = (sel) => document.querySelector(sel);
  const t = (...args) => companion.t(...args);

  function follow(state) {
    const held = app.history;
    // The lines held lead to the state by their count, unless they were marked out of date
    // (a line that did not follow them, a stream that was away: an undo and a new move leave
    // the count as it was).
    if (state && held && !held.stale && held.game === state.id && held.data.actions.length === state.actions) return;
    if (state && state.actions === 0) {  // a new game: nothing to ask for
      app.history = {game: state.id, data: {header: {game: state.game, players: state.players, names: state.names}, actions: [], events: [], announcements: []}};
      app.historyAsked = (app.historyAsked || 0) + 1;  // an answer still on its way is stale
      draw();
      return;
    }
    load();
  }

  function append(entry) {
    const held = app.history;
    const follows = held && held.game === entry.game && held.data.actions.length === entry.seq;
    if (follows) {  // else the state fetches the history
      held.data.actions.push(entry.action);
      (held.data.events = held.data.events || []).push(entry.events);
      (held.data.announcements = held.data.announcements || []).push(entry.announcements);
      draw();
    } else if (held && held.game === entry.game) {
      held.stale = true;  // its state, which comes next, fetches the history
    }
    if (entry.game === app.shown) tell(entry, follows);
  }

  // Every move is news on every phone: the banner says its history line, the move and what
  // it caused (the announcement that follows it is then not said twice).
  function tell(entry, drawn) {
    const last = $("#history-list li:last-child");
    const said = drawn && last ? last.textContent  // with what earlier lines carry (the dice)
      : line(entry.action, entry.events, entry.announcements, shownMemo(entry.game));
    companion.announce.note(said);
    app.told = JSON.stringify(entry.announcements || []);
  }

  async function load() {
    // Several changes can ask at once: only the newest answer is drawn (no doubled lines).
    const asked = (app.historyAsked = (app.historyAsked || 0) + 1);
    if (!app.state) { app.history = null; draw(); return; }
    const game = app.state.id, shown = app.state;
    const r = await app.api("GET", `/api/games/${game}/history`);
    if (asked !== app.historyAsked) return;
    app.history = r.ok ? {game, data: r.data} : null;
    draw();
    // A change that came while it was asked (its state found the old lines held) is not in
    // this answer: ask again for the state shown now.
    const s = app.state;
    if (r.ok && s !== shown && s && s.id === game && r.data.actions.length !== s.actions) load();
  }

  function draw() {
    const list = $("#history-list");
    const keepUp = !$("#history").hidden && atEnd();  // a reader further up stays there
    list.replaceChildren();
    if (!app.history) return;
    fill(list, app.history.data);
    if (keepUp) showNewest();
  }

  // A history answer's lines into `list` (the first `upto`), the line each round begins with
  // marked by its heading ("Round 2", drawn above it by app.css: the line stays the move's).
  function fill(list, data, upto = data.actions.length) {
    const starts = rounds(data);
    list.replaceChildren(...lines(data).slice(0, upto).map((line, i) => {
      const li = document.createElement("li");
      li.textContent = line;
      if (starts.has(i)) li.dataset.round = t("round_n", {n: starts.get(i)});
      return li;
    }));
  }

  // Where each round begins: after a round won (How Ruck!), unless the game ended with it;
  // the round's number by its first line's index (none in a game of one round).
  function rounds(data) {
    const starts = new Map();
    (data.announcements || []).forEach((said, i) => {
      const won = (said || []).some((a) => a.kind === "round_won");
      if (won && i + 1 < data.actions.length) starts.set(i + 1, starts.size + 2);
    });
    if (starts.size) starts.set(0, 1);
    return starts;
  }

  // A long game's history is longer than a phone's screen: the tab opens at the newest line,
  // and follows new ones while the reader is at the end.
  function atEnd() {
    return window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 48;
  }
  function showNewest() {
    window.scrollTo(0, document.documentElement.scrollHeight);  // the newest is the last line
  }

  // One line per action of a history answer (/api/games/ID/history), its sentences as
  // `companion replay --text` says them: what the move did (`say`), what it caused (the
  // announcements: a race or tie-break is said by them alone), then what came after it (a
  // round's tally, the next round).
  function lines(data) {
    const game = data.header && data.header.game;
    // what a game's lines carry from one to the next: who plays Lauf Rauf!'s colours, the
    // last throw, Stramash's track
    const memo = {game, names: (data.header && data.header.names) || {}, trackLength: data.track_length};
    return data.actions.map((a, i) => line(a, (data.events || [])[i], (data.announcements || [])[i], memo));
  }

  // An action's line from the events it caused and their announcements; `memo` follows the
  // game past it. An action without them (a stored log that stopped replaying) as data.
  // A strike's announcement is left out: the move's own sentence says it, with which figure
  // struck (moves_said.SAID_HERE).
  function line(action, events, items, memo) {
    const shown = (items || []).filter((item) => item.kind !== "strike");
    const said = [...say(events, t, memo), ...companion.announce.sentences(shown, t, undefined, memo.names),
      ...say(events, t, memo, true)];
    for (const e of events || []) if (e.type === "rolled") memo.dice = e.dice;  // the next run's
    return said.length ? said.join(" — ") : JSON.stringify(action);
  }

  // Events said after what the move caused: a round's tally, the next round, its tug.
  const TRAILING = ["round_won", "round_started", "tug_started"];

  // What an action did, in sentences in the page's language from the events its rule core
  // returned: the page's half of companion/moves_said.py, from the same catalog entries
  // ("replay:*", which the page's catalog carries under their context). Each game's module
  // brings the sayers of its events (`moves`: {event type: (event, t, memo) => texts}).
  // `trailing`: the events said after the announcements. `memo`: what they need of the game
  // before the action (its `game`, the people playing Lauf Rauf!'s colours, the last throw:
  // how far a figure ran, Stramash's `trackLength`).
  function say(events, t, memo = {}, trailing = false) {
    const sayers = (companion.games[memo.game] || {}).moves || {};
    const m = {...memo, who: (p) => companion.playerName("laufrauf", p, memo.names)};
    return (events || []).filter((e) => sayers[e.type] && TRAILING.includes(e.type) === trailing)
      .flatMap((e) => sayers[e.type](e, t, m).map(companion.sentence));
  }

  // What a line of the game shown needs of the game before it, from its state (a line said
  // without the lines before it: a banner's, an undo's).
  function shownMemo(game) {
    const s = app.state;
    return s && s.id === game ? {game: s.game, names: s.names, dice: s.dice, trackLength: s.track_length} : {};
  }

  // The newest move's line, if the history held is the shown game's as it stands; else "".
  // Read from the list as drawn (every page draw asks: not every line said again).
  function lastLine() {
    const held = app.history, s = app.state;
    if (!s || !held || held.game !== s.id || held.data.actions.length !== s.actions) return "";
    const last = $("#history-list li:last-child");
    return last ? last.textContent : "";
  }

  // A stream (re)opened: what it missed while away may have changed the lines held (its
  // first state then fetches them).
  function missed() {
    if (app.history) app.history.stale = true;
  }

  companion.historyTab = {follow, missed, append, draw, fill, showNewest, lines, line, say, shownMemo, lastLine};
  companion.historyLines = lines;  // the step-through view (replay.js) says the same
})();
