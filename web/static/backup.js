// The table's data in one file: a backup downloaded to this phone (every game, player and
// setting), and a backup file restored from it (the table's games before it are kept on the
// box as a backup of their own). Both need a paired phone; restoring asks first. Loaded when
// the New game tab is first opened (app.js); its controls are off until then.
(function () {
  "use strict";
  const companion = window.companion, app = companion;  // the page's state (app.js)
  const $ = (sel) => document.querySelector(sel);
  const t = (...args) => companion.t(...args);

  // Fetched rather than followed as a link: a refusal (not paired) is said on the page, not
  // saved as a file.
  async function download() {
    const b = $("#backup-download"), note = $("#backup-note");
    companion.unrefuse(note, [$("#restore-file")]);
    b.disabled = true;
    const r = await app.api("GET", "/api/backup");
    b.disabled = false;
    if (!r.ok) return;
    const named = /filename="([^"]+)"/.exec(r.headers.get("Content-Disposition") || "");
    const link = document.createElement("a");
    link.href = URL.createObjectURL(r.data);
    link.download = named ? named[1] : "companion.companion-backup";
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 60000);
    note.textContent = t("backup_saved", {file: link.download});
  }

  async function restore() {
    const b = $("#restore"), file = $("#restore-file").files[0], note = $("#backup-note");
    if (!file) return;
    if (!companion.confirm.armed(b, "restore_confirm", {file: file.name})) return;
    companion.unrefuse(note, [$("#restore-file")]);
    b.disabled = true;
    const r = await app.api("POST", "/api/restore", file);
    b.disabled = false;
    // refused: said here, where a restore's success is said (for want of pairing: at the
    // top, by the PIN box it opens)
    if (!r.ok && r.status !== 401 && r.data.error) companion.refusedAt(note, $("#restore-file"), r.data.error);
    if (!r.ok) return;
    app.show("");
    note.textContent = t("restored", {n: r.data.restored.games, kept: r.data.kept});
    $("#restore-file").value = "";
    showChosen();
    b.disabled = true;
    companion.setup.loadGames();
  }

  // The line beside the file field's button (index.html): the file chosen, or that none is,
  // in the page's words (data-t: a change of language rewrites it; not a file's name).
  function showChosen() {
    const file = $("#restore-file").files[0], line = $("#restore-chosen");
    if (file) delete line.dataset.t;
    else line.dataset.t = "no_file";
    line.textContent = file ? file.name : t("no_file");
  }

  $("#backup-download").addEventListener("click", download);
  $("#restore").addEventListener("click", restore);
  $("#restore-file").addEventListener("change", () => {
    $("#restore").disabled = !$("#restore-file").files.length;
    showChosen();
    companion.unrefuse($("#backup-note"), [$("#restore-file")]);
  });
  $("#backup-download").disabled = $("#restore-file").disabled = false;
})();
