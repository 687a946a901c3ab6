// The legal moves this phone may offer for the state shown: a paired phone's stream sends
// them after every change (`legal`); not come in time, or with no stream, they are asked
// for. The compact /legal answer (companion/web/choices.py) is expanded into the legal
// actions: each group is a product of choices written into a copy of its base, an "unequal"
// pair of paths leaves out equal values unless they are in "equal_ok".
(function () {
  "use strict";
  const companion = window.companion, app = companion;  // the page's state (app.js)
  const sorted = (v) => (v && typeof v === "object" && !Array.isArray(v)
    ? Object.keys(v).sort().map((k) => [k, sorted(v[k])])
    : Array.isArray(v) ? v.map(sorted) : v);
  const key = (v) => JSON.stringify(sorted(v));
  const get = (obj, path) => path.reduce((o, k) => (o == null ? undefined : o[k]), obj);
  function put(obj, path, value) {
    let node = obj;
    path.slice(0, -1).forEach((k) => { node = node[k] = node[k] || {}; });
    node[path[path.length - 1]] = value;
  }
  function expand(answer) {
    const out = [];
    (answer.groups || []).forEach((g) => {
      const okEqual = new Set((g.equal_ok || []).map(key));
      const walk = (i, action) => {
        if (i === g.each.length) {
          if (g.unequal) {
            const a = key(get(action, g.unequal[0])), b = key(get(action, g.unequal[1]));
            if (a === b && !okEqual.has(a)) return;
          }
          out.push(action);
          return;
        }
        const [path, values] = g.each[i];
        values.forEach((v) => {
          const next = JSON.parse(JSON.stringify(action));
          put(next, path, v);
          walk(i + 1, next);
        });
      };
      walk(0, JSON.parse(JSON.stringify(g.base)));
    });
    return out;
  }

  const versionOf = (state) => (state && state.status === "playing" ? `${state.id}:${state.actions}` : null);
  const paired = () => document.getElementById("pair").hidden;
  const LEGAL_WAIT_MS = 1500;  // a stream's moves not come by then: asked for instead

  async function followLegal(state) {
    const version = versionOf(state);
    if (!version || !paired()) {  // watchers make no moves: they need none
      app.legalVersion = null;
      useLegal(null);
      return;
    }
    if (version === app.legalVersion) return;  // the moves change only with the game's log
    const sent = app.streamLegal;
    if (sent && `${sent.game}:${sent.actions}` === version) return useLegal(sent, version);
    useLegal(null);
    if (app.stream && app.stream.open) {  // the stream's `legal` for this state is on its way
      clearTimeout(app.legalTimer);
      app.legalTimer = setTimeout(() => { if (app.legalVersion !== version) fetchLegal(version); }, LEGAL_WAIT_MS);
      return;
    }
    await fetchLegal(version);
  }

  async function fetchLegal(version) {
    const id = version.split(":")[0];
    const r = await app.api("GET", `/api/games/${id}/legal`);
    if (versionOf(app.state) !== version || !r.ok) return;  // a newer state came meanwhile
    useLegal(r.data, version);
    companion.play.renderChoices();
  }

  function useLegal(data, version = null) {
    app.legalVersion = data ? version : null;
    app.legal = data ? expand(data) : [];
    app.results = data && data.results ? data.results.map((x) => ({action: app.legal[x.i], moves: x.moves})) : null;
  }

  // The stream's `legal` message: kept (its state may come after it), used if it is the
  // state shown's.
  function takeStreamLegal(data) {
    app.streamLegal = data;
    const version = `${data.game}:${data.actions}`;
    if (paired() && versionOf(app.state) === version && app.legalVersion !== version) {
      useLegal(data, version);
      companion.play.renderChoices();
    }
  }

  // The moves of the state shown are still on their way (a paired phone's, in a game on).
  const awaited = (state) => !!versionOf(state) && paired() && app.legalVersion !== versionOf(state);

  companion.legalMoves = {follow: followLegal, fromStream: takeStreamLegal, awaited};
})();
