// The compact /legal answer (companion/web/choices.py) expanded into the legal actions:
// each group is a product of choices written into a copy of its base, an "unequal" pair of
// paths leaves out equal values unless they are in "equal_ok".
(function () {
  "use strict";
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
  window.companion.expandLegal = expand;
})();
