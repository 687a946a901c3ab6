// Pairing: a phone becomes one that may make moves, by the PIN the OLED shows (wrong PINs lock
// pairing for a while: the wait is counted down) or without typing, by the OLED's QR code. The
// QR code carries a one-time secret in the address's #fragment (a fragment never leaves the
// phone in a request line, a log or a Referer): pair with it, then take it out of the address
// bar. A phone unpaired (on the page or at the table) is a watcher again.
(function () {
  "use strict";
  const companion = window.companion, app = companion;  // the page's state (app.js)
  const $ = (sel) => document.querySelector(sel);
  const t = (...args) => companion.t(...args);
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

  async function pair(event) {
    event.preventDefault();
    const pin = $("#pin").value.trim();
    // costs no try; said in the page's words (a `pattern` was refused in the browser's)
    if (!/^[0-9]{6}$/.test(pin)) return app.show(t("pin_six_digits"));
    const r = await app.api("POST", "/api/pair", {pin});
    const locked = !r.ok && r.data && r.data.error && r.data.error.code === "pairing_locked";
    if (locked) waitToPair(r.data.error.params.seconds);
    if (r.ok) {
      $("#pair").hidden = true;
      app.show("");
      companion.announce.note(t("paired"));
      app.stream.reopen();
      setPaired(true);
      app.focusPlay();  // the PIN box (and its focused button) is gone
    }
  }

  // Locked out after wrong PINs: the wait counts down where the refusal was said, and the
  // Pair button rests until it is over (a try meanwhile would only be refused again).
  let waiting = null;
  function waitToPair(seconds) {
    const submit = $("#pair-form button[type=submit]"), until = Date.now() + seconds * 1000;
    clearInterval(waiting);
    submit.disabled = true;
    const box = $("#message");
    const tick = () => {
      const left = Math.ceil((until - Date.now()) / 1000);
      const counting = box.dataset.code === "pairing_locked";  // not replaced by other news
      if (!counting) box.removeAttribute("aria-live");  // which a screen reader must hear
      if (left > 0 && !$("#pair").hidden) {
        if (counting) box.textContent = t("pair_wait", {n: left});  // said once, then counted
        return;
      }
      clearInterval(waiting);
      submit.disabled = false;
      box.removeAttribute("aria-live");
      if (!$("#pair").hidden) app.show(t("pair_again"));  // paired meanwhile (the QR code): nothing
    };
    app.show(t("pair_wait", {n: seconds}), "pairing_locked");
    box.setAttribute("aria-live", "off");  // a screen reader hears the wait once, not each second
    waiting = setInterval(tick, 1000);
  }

  function setPaired(on) {
    if (app.status) app.status.paired = on;
    if (companion.sim) companion.sim.name(app.state);  // the table's buttons: on or off
    if (app.state) app.setState(app.state);  // fetch the moves (or drop them) and draw again
  }

  // This phone is a watcher now: the PIN box, and a banner saying why.
  function unpaired(said) {
    $("#pair").hidden = false;
    $("#pin").focus();  // what this phone needs now
    setPaired(false);
    companion.announce.note(said);
  }

  function init() {
    $("#pair-form").addEventListener("submit", pair);
  }

  companion.pairing = {fromFragment, setPaired, init};
  companion.unpaired = unpaired;  // lent to setup.js (unpair all) and the stream (live.js)
})();
