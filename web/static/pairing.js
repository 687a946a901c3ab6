// Pairing without typing. The OLED's QR code carries a one-time secret in the address's
// #fragment (a fragment never leaves the phone in a request line, a log or a Referer): pair
// with it, then take it out of the address bar.
(function () {
  "use strict";
  const SECRET = /^#pair=([A-Za-z0-9_-]{16,64})$/;

  async function post(path, body) {
    try {
      const r = await fetch(path, {method: "POST", credentials: "same-origin",
        headers: {"Content-Type": "application/json", "Accept": "application/json"},
        body: JSON.stringify(body)});
      return r.ok;
    } catch (err) {
      return false;
    }
  }

  // Called by app.js before it asks whether this phone is paired.
  async function fromFragment() {
    const m = location.hash.match(SECRET);
    if (!m) return false;
    history.replaceState(null, "", location.pathname + location.search);
    return post("/api/pair", {secret: m[1]});
  }

  window.companion.pairing = {fromFragment};
})();
