// The Players tab: every player's games, wins, streak, rival and Elo rating per game, two
// small SVG charts (wins per player; the chosen player's rating after each game), head to
// head, and renaming or merging players. Data from /api/players; no inline script or style.
(function () {
  "use strict";
  const $ = (sel) => document.querySelector(sel);
  const SVG = "http://www.w3.org/2000/svg";
  const TITLES = {howruck: "How Ruck!", laufrauf: "Lauf Rauf!", tauziehen: "Tauziehen", stramash: "Stramash"};
  const COLOURS = Object.assign(["blue", "red", "green", "yellow"].map((c) => window.companion.colour(c)),
    {grey: window.companion.colour("white")});  // the colours of app.css
  const view = {data: null, chosen: null};

  const lang = () => document.documentElement.lang || "en";
  const t = window.companion.t;  // i18n.js: the page's catalog

  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
    node.append(...children);
    return node;
  }

  function svg(tag, attrs) {
    const node = document.createElementNS(SVG, tag);
    for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, String(v));
    return node;
  }

  async function load() {
    if (!(await window.companion.i18n.need("players"))) return;  // its words (tabs.js asked)
    const response = await fetch("/api/players?lang=" + lang(), {credentials: "same-origin"});
    if (!response.ok) return;
    view.data = await response.json();
    render();
  }

  // A table in a box of its own that scrolls sideways should it ever be wider than the
  // screen (the page itself never is). Columns named in `wideOnly` (their indexes) show only
  // on a screen wider than a phone's (players.css); what they say must be found elsewhere too.
  function table(head, rows, id, wideOnly = []) {
    const cls = (i) => (wideOnly.includes(i) ? {class: "wide-only"} : {});
    return el("div", {class: "stats-scroll"}, el("table", {class: "stats", id},
      el("thead", {}, el("tr", {}, ...head.map((h, i) => el("th", cls(i), h)))),
      el("tbody", {}, ...rows.map((cells) => el("tr", {}, ...cells.map((c, i) => el("td", cls(i), c)))))));
  }

  function streak(s) {
    if (!s.kind) return "";
    return t("pl_streak_" + s.kind, {n: s.current}) +  // won, lost, drawn
      " · " + t("pl_longest", {n: s.longest_won});
  }

  function nameButton(name) {
    const b = el("button", {type: "button", class: "link", "data-player": name}, name);
    b.addEventListener("click", () => { view.chosen = name; render(); });
    return b;
  }

  function winsChart(players) {
    const most = Math.max(1, ...players.map((p) => p.played));
    const row = 22, width = 300, label = 90;
    const chart = svg("svg", {viewBox: `0 0 ${width} ${row * players.length + 4}`, role: "img",
      "aria-label": t("pl_wins_chart"), class: "chart", id: "wins-chart"});
    players.forEach((p, i) => {
      const y = 2 + i * row, scale = (width - label - 30) / most;
      const name = svg("text", {x: label - 4, y: y + 15, "text-anchor": "end", "font-size": 12, fill: "currentColor",
        "data-fit": label - 6});  // squeezed into its room, not cut at the chart's edge
      name.textContent = p.name;
      chart.append(name,
        svg("rect", {x: label, y: y + 3, width: p.played * scale, height: 14, fill: COLOURS.grey, opacity: 0.5}),
        svg("rect", {x: label, y: y + 3, width: p.won * scale, height: 14, fill: COLOURS[0], "data-won": p.won}));
      const count = svg("text", {x: label + p.played * scale + 4, y: y + 15, "font-size": 12, fill: "currentColor"});
      count.textContent = `${p.won}/${p.played}`;
      chart.append(count);
    });
    return chart;
  }

  // A rating as the tab shows it: a whole number (a pairs game's share has decimals).
  const elo = (rating) => String(Math.round(rating));

  function ratingChart(player) {
    const width = 300, height = 140, pad = 24;
    const chart = svg("svg", {viewBox: `0 0 ${width} ${height}`, role: "img", class: "chart",
      id: "rating-chart", "aria-label": t("pl_rating_chart")});
    const ratings = player.history.map((h) => h.rating).concat([view.data.start]);
    const lo = Math.min(...ratings) - 5, hi = Math.max(...ratings) + 5;
    const x = (i, n) => pad + (n > 1 ? i * (width - 2 * pad) / (n - 1) : (width - 2 * pad) / 2);
    const y = (r) => height - pad - (r - lo) * (height - 2 * pad) / (hi - lo);
    chart.append(svg("line", {x1: pad, x2: width - pad, y1: y(view.data.start), y2: y(view.data.start),
      stroke: COLOURS.grey, "stroke-dasharray": "4 3"}));
    Object.keys(player.games).forEach((game, g) => {
      const points = [view.data.start, ...player.history.filter((h) => h.game === game).map((h) => h.rating)];
      const line = svg("polyline", {fill: "none", stroke: COLOURS[g % COLOURS.length], "stroke-width": 2,
        "data-game": game, points: points.map((r, i) => `${x(i, points.length).toFixed(1)},${y(r).toFixed(1)}`).join(" ")});
      const label = svg("text", {x: pad, y: 12 + 13 * g, "font-size": 11, fill: COLOURS[g % COLOURS.length]});
      label.textContent = `${TITLES[game] || game} ${elo(player.games[game].rating)}`;
      chart.append(line, label);
    });
    return chart;
  }

  function details(player) {
    const h2h = Object.entries(player.head_to_head).map(([name, r]) => [name, String(r.games), String(r.won), String(r.lost)]);
    // who beat them most, whom they beat most: on a phone the players' table has no room for it
    const facts = [[t("pl_rival"), player.rival], [t("pl_beaten"), player.most_beaten]]
      .filter(([, who]) => who).flatMap(([what, who]) => [el("dt", {}, what), el("dd", {}, who.name)]);
    const box = el("div", {id: "player-details"}, el("h3", {}, player.name),
      ...(facts.length ? [el("dl", {class: "player-facts"}, ...facts)] : []), ratingChart(player),
      el("h4", {}, t("pl_h2h")),
      table([t("pl_opponent"), t("pl_played"), t("pl_won"), t("pl_lost")], h2h, "h2h-table"));
    if (player.race.races) {
      const margin = player.race.median_margin_us === null ? "" :
        " · " + t("pl_margin", {ms: window.companion.i18n.decimal(player.race.median_margin_us / 1000)});
      box.append(el("p", {class: "race-line"}, t("label_value", {label: t("pl_races"), value: `${player.race.wins}/${player.race.races}`}) + margin));
    }
    return box;
  }

  function changeForm(players) {
    const names = players.map((p) => p.name);
    const from = el("select", {name: "name", "aria-label": t("pl_player")}, ...names.map((n) => new Option(n, n)));
    if (view.chosen && names.includes(view.chosen)) from.value = view.chosen;
    const to = el("input", {name: "to", list: "player-names", maxlength: "32", "aria-label": t("pl_new_name"),
      placeholder: t("pl_new_name")});
    const rename = el("button", {type: "button", id: "rename-player"}, t("pl_rename"));
    const merge = el("button", {type: "button", id: "merge-player", class: "secondary"}, t("pl_merge"));
    const send = (path, key) => async () => {
      const response = await fetch(`${path}?lang=${lang()}`, {method: "POST", credentials: "same-origin",
        headers: {"Content-Type": "application/json"}, body: JSON.stringify({name: from.value, [key]: to.value})});
      const body = await response.json().catch(() => ({}));
      const note = $("#player-note");
      note.textContent = response.ok ? "" : (body.error ? body.error.message : response.statusText);
      note.dataset.code = body.error ? body.error.code : "";
      if (response.ok) { view.chosen = to.value.trim(); load(); }
    };
    rename.addEventListener("click", send("/api/players/rename", "to"));
    // A merge cannot be undone: it asks first, naming the two (core.js `confirm`).
    merge.dataset.t = "pl_merge";
    const merging = send("/api/players/merge", "into");
    merge.addEventListener("click", () => {
      if (companion.confirm.armed(merge, "pl_merge_confirm", {name: from.value, into: to.value.trim()})) merging();
    });
    return el("details", {id: "player-change"}, el("summary", {}, t("pl_change")), from, to,
      el("datalist", {id: "player-names"}, ...names.map((n) => new Option(n, n))),
      el("div", {class: "row"}, rename, merge), el("p", {id: "player-note", role: "alert"}));
  }

  function render() {
    const root = $("#roster");
    if (!root || !view.data) return;
    const players = view.data.players;
    if (!players.length) { root.replaceChildren(el("p", {}, t("pl_none"))); return; }
    const games = [...new Set(players.flatMap((p) => Object.keys(p.games)))].sort();
    const overview = table([t("pl_player"), t("pl_played"), t("pl_won"), t("pl_streak"), t("pl_rival"), t("pl_beaten")],
      players.map((p) => [nameButton(p.name), String(p.played), String(p.won), streak(p.streak),
        p.rival ? p.rival.name : "", p.most_beaten ? p.most_beaten.name : ""]), "players-table", [4, 5]);
    const ratings = table([t("pl_player"), ...games.map((g) => TITLES[g] || g)],
      players.map((p) => [p.name, ...games.map((g) => (p.games[g] ? elo(p.games[g].rating) : ""))]),
      "ratings-table");
    const chosen = players.find((p) => p.name === view.chosen);
    root.replaceChildren(overview, el("h3", {}, t("pl_wins_chart")), winsChart(players),
      el("h3", {}, t("pl_ratings")), ratings, ...(chosen ? [details(chosen)] : []), changeForm(players));
    window.companion.fitTexts(root);  // core.js: measured, so once on the screen
  }

  function init() {
    const tabButton = document.querySelector("nav [data-tab=roster]");
    if (!tabButton) return;
    tabButton.addEventListener("click", load);
    if (!$("#roster").hidden) load();  // loaded by opening the tab: show it now
    document.addEventListener("companion:language", render);  // its catalog is loaded by then
    const hook = () => {  // the live stream says when games or players change
      const stream = window.companion && window.companion.stream;
      if (!stream) { setTimeout(hook, 200); return; }
      stream.addEventListener("games", () => { if (!$("#roster").hidden) load(); });
    };
    hook();
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();  // loaded on demand, when the tab is first opened
})();
