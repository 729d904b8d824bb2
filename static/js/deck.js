// The host's own pictures, in the lobby of any game that takes them (GET /api/games says so
// with `picture_deck`, the option that names the deck). It knows no game.
//
// The host picks many files at once (or drops them on the lobby: the table screen on a
// laptop), and each is sent alone (POST /deck/{room}/pictures, the body being the file), so
// each shows its own progress and a refusal names that file only. The server checks, cleans
// and shrinks every picture; a change reaches every phone as the room's new options. The
// deck code is shown to the host only: typed into another room's lobby, it brings the deck.

import { h } from "./dom.js";
import { errorText, t } from "./i18n.js";

const AT_ONCE = 2; // uploads in flight at once

export class DeckPanel {
  /** `root`: the lobby's #lobby-deck; `token()`: this screen's token (host or seat). */
  constructor(root, code, token) {
    this.root = root;
    this.code = code;
    this.token = token;
    this.deck = null; // the last answer of GET /deck/{room}
    this.loadedFor = null; // the room's deck option when `deck` was loaded
    this.rows = []; // uploads: {name, progress, status, error}
    this.queue = [];
    this.busy = 0;
    this.room = null;
    this.host = false;
    this.option = null;
    this.built = false;
    this.loading = false;
  }

  /** Draw the panel for this room state (`option`: the game's deck option, or null). */
  update(room, host, option) {
    this.room = room;
    this.host = host;
    this.option = option;
    this.root.hidden = !option;
    if (!option) {
      // out of the lobby: the thumbnails go (a game's page holds only what its view says)
      if (this.built) this.grid.replaceChildren();
      return;
    }
    if (!this.built) this.build();
    const current = room.options[option] || "";
    if (host && this.loadedFor !== current && !this.loading) this.load(current);
    this.draw();
  }

  build() {
    this.built = true;
    this.input = h("input", { type: "file", id: "deck-files", accept: "image/jpeg,image/png,image/webp,image/gif", multiple: true, class: "deck-input" });
    this.input.addEventListener("change", () => {
      this.add([...this.input.files]);
      this.input.value = "";
    });
    this.codeInput = h("input", { id: "deck-code-input", type: "text", autocomplete: "off", autocapitalize: "characters", spellcheck: "false", maxlength: "12", placeholder: "K7PM-3QXD", "aria-label": t("deck.use_label") });
    this.useButton = h("button", { id: "deck-use", type: "button", class: "secondary small", text: t("deck.use") });
    this.useButton.addEventListener("click", () => this.use());
    this.summary = h("p", { id: "deck-summary", class: "deck-summary" });
    this.codeLine = h("p", { id: "deck-code", class: "deck-code" });
    this.note = h("p", { class: "deck-error", role: "alert" });
    this.uploads = h("ul", { id: "deck-uploads", class: "deck-uploads" });
    this.grid = h("ul", { id: "deck-pictures", class: "deck-pictures" });
    this.playThese = h("button", { id: "deck-play-these", type: "button", class: "secondary small", text: t("deck.play_these") });
    this.playThese.addEventListener("click", () => this.use(this.deck?.code));
    this.playOurs = h("button", { id: "deck-play-ours", type: "button", class: "secondary small", text: t("deck.play_ours") });
    this.playOurs.addEventListener("click", () => this.leave());
    this.hostPart = h("div", { class: "deck-host" },
      h("label", { class: "deck-pick primary", for: "deck-files" }, t("deck.add")),
      this.input,
      h("p", { class: "muted deck-hint", text: t("deck.hint") }),
      this.codeLine, this.uploads, this.grid,
      h("div", { class: "deck-use-row" }, this.codeInput, this.useButton, this.playThese, this.playOurs),
      this.note);
    this.guestPart = h("p", { class: "muted" });
    this.root.replaceChildren(h("h3", { class: "section-title", text: t("deck.title") }),
      this.summary, this.hostPart, this.guestPart);
    // Dropping files anywhere on the lobby adds them (the table screen on a laptop).
    const lobby = this.root.closest("#lobby") || this.root;
    lobby.addEventListener("dragover", (event) => {
      if (!this.host || !event.dataTransfer?.types.includes("Files")) return;
      event.preventDefault();
      lobby.classList.add("deck-dropping");
    });
    lobby.addEventListener("dragleave", () => lobby.classList.remove("deck-dropping"));
    lobby.addEventListener("drop", (event) => {
      lobby.classList.remove("deck-dropping");
      if (!this.host || !event.dataTransfer?.files.length) return;
      event.preventDefault();
      this.add([...event.dataTransfer.files]);
    });
  }

  async call(method, path, body = undefined) {
    const response = await fetch(`/deck/${this.code}${path}`, {
      method, body, headers: { Authorization: `Bearer ${this.token()}` },
    });
    const data = await response.json().catch(() => ({}));
    if (!response.ok) throw data;
    return data;
  }

  async load(current) {
    this.loading = true;
    try {
      this.deck = await this.call("GET", "");
      this.loadedFor = current;
    } catch (error) {
      this.show(error);
    } finally {
      this.loading = false;
    }
    this.draw();
  }

  show(error) {
    this.note.textContent = error ? errorText(error.code, error.message) : "";
  }

  adopt(deck) {
    this.deck = deck;
    this.loadedFor = this.room?.options[this.option] ?? null;
  }

  /** Queue `files`; each is sent alone, AT_ONCE at a time. */
  add(files) {
    for (const file of files) {
      const row = { name: file.name, progress: 0, status: "waiting", error: "" };
      this.rows.push(row);
      this.queue.push([file, row]);
    }
    this.pump();
    this.draw();
  }

  pump() {
    while (this.busy < AT_ONCE && this.queue.length) {
      const [file, row] = this.queue.shift();
      this.busy += 1;
      this.send(file, row).finally(() => {
        this.busy -= 1;
        this.pump();
        // answers may arrive out of order: once all are in, ask for the deck as it is
        if (!this.busy && !this.queue.length) this.load(this.room?.options[this.option] ?? "");
        this.draw();
      });
    }
  }

  send(file, row) {
    row.status = "sending";
    return new Promise((resolve) => {
      const request = new XMLHttpRequest();
      request.open("POST", `/deck/${this.code}/pictures`);
      request.setRequestHeader("Authorization", `Bearer ${this.token()}`);
      request.upload.addEventListener("progress", (event) => {
        if (event.lengthComputable) row.progress = event.loaded / event.total;
        this.drawRow(row);
      });
      request.addEventListener("load", () => {
        let data = {};
        try { data = JSON.parse(request.responseText); } catch { data = {}; }
        if (request.status === 201) {
          row.status = "done";
          row.progress = 1;
          // uploads only add: an answer with fewer pictures is an older one
          if (!this.deck || data.pictures.length >= this.deck.pictures.length) this.adopt(data);
        } else {
          row.status = "failed";
          row.error = errorText(data.code, data.message);
        }
        resolve();
      });
      request.addEventListener("error", () => {
        row.status = "failed";
        row.error = t("error.offline");
        resolve();
      });
      request.send(file);
    });
  }

  remove(id, button) {
    button.disabled = true;
    return this.change("DELETE", `/pictures/${encodeURIComponent(id)}`);
  }

  /** A caption helps the bots read the picture (and is what its image's alt text says). */
  recaption(id, input) {
    return this.change("PUT", `/pictures/${encodeURIComponent(id)}?caption=${encodeURIComponent(input.value)}`);
  }

  /** Play from the deck `code` (typed, or this room's own). */
  async use(code = this.codeInput.value.trim()) {
    if (!code) return;
    await this.change("POST", `/use?deck=${encodeURIComponent(code)}`);
    this.codeInput.value = "";
  }

  /** Back to the game's own pictures (the deck stays, under its code). */
  leave() {
    return this.change("DELETE", "");
  }

  async change(method, path) {
    try {
      this.adopt(await this.call(method, path));
      this.show(null);
    } catch (error) {
      this.show(error);
    }
    this.draw();
  }

  draw() {
    if (!this.built || !this.room) return;
    const room = this.room;
    const chosen = Boolean(room.options[this.option]);
    this.hostPart.hidden = !this.host;
    this.guestPart.hidden = this.host;
    this.guestPart.textContent = chosen ? t("deck.guest_own") : t("deck.guest_ours");
    const deck = this.host ? this.deck : null;
    const count = deck ? deck.pictures.length : 0;
    const players = Math.max(room.players.length, room.min_players);
    const need = deck?.needed?.[String(players)] ?? 0;
    if (!this.host) {
      this.summary.hidden = true;
    } else {
      this.summary.hidden = false;
      const enough = count >= need;
      this.summary.dataset.enough = String(enough || room.options.mix !== false);
      this.summary.textContent = [
        t("deck.count", { n: count, max: deck?.max_pictures ?? 0 }),
        room.options.mix === false
          ? t(enough ? "deck.need_ok" : "deck.need_more", { players, need })
          : t("deck.mixed", { players, need }),
      ].join(" ");
    }
    // A deck of this room the game does not play from (the host went back to ours, or to
    // another game and back): one tap plays from it again; and back to ours.
    this.playThese.hidden = !(deck?.code && deck.pictures.length && !deck.in_use);
    this.playOurs.hidden = !deck?.in_use;
    this.codeLine.hidden = !deck?.code;
    if (deck?.code) {
      this.codeLine.replaceChildren(t("deck.code"), " ", h("b", { class: "url", text: deck.code }),
        " ", h("span", { class: "muted", text: t("deck.code_hint") }));
    }
    this.uploads.replaceChildren(...this.rows.filter((r) => r.status !== "done" || this.busy)
      .map((row) => this.rowNode(row)));
    if (!this.busy && !this.queue.length) this.rows = this.rows.filter((r) => r.status === "failed");
    this.grid.replaceChildren(...(deck?.pictures || []).map((picture, index) => {
      const remove = h("button", { type: "button", class: "deck-remove", "aria-label": t("deck.remove", { n: index + 1 }), text: "×" });
      remove.addEventListener("click", () => this.remove(picture.id, remove));
      const caption = h("input", { type: "text", class: "deck-caption", value: picture.caption, maxlength: "80", placeholder: t("deck.caption"), "aria-label": t("deck.caption_label", { n: index + 1 }) });
      caption.addEventListener("change", () => this.recaption(picture.id, caption));
      return h("li", { class: "deck-picture", dataset: { picture: picture.id } },
        h("div", { class: "deck-thumb" },
          h("img", { src: picture.url, alt: picture.caption || t("deck.picture", { n: index + 1 }), loading: "lazy", draggable: "false" }),
          remove),
        caption);
    }));
  }

  rowNode(row) {
    row.node ??= h("li", { class: "deck-upload" },
      h("span", { class: "deck-upload-name" }), h("progress", { max: "1", value: "0" }),
      h("span", { class: "deck-upload-status" }));
    this.drawRow(row);
    return row.node;
  }

  drawRow(row) {
    if (!row.node) return;
    const [name, bar, status] = row.node.children;
    name.textContent = row.name;
    bar.value = row.progress;
    row.node.dataset.status = row.status;
    status.textContent = row.status === "failed" ? row.error : t(`deck.status.${row.status}`);
  }
}
