// The room shell shared by a player's phone (/room/{code}) and the table screen
// (/table/{code}): connection indicator, lobby, host controls, results, how-to-play and
// settings. It knows no game: once the game starts it imports /static/js/games/<id>.js and
// hands every state to that module (see README, "Adding a game to the browser").

import { RoomClient, seats } from "./client.js";
import { $, bubble, fill, h, prefs } from "./dom.js";
import { errorText, loadCatalogue, loadGameCatalogue, t } from "./i18n.js";
import { blurb, loadGames, optionFilter, optionsForm, playerRange } from "./options.js";
import { places } from "./places.js";

export async function runRoom(mode) {
  await loadCatalogue();
  const code = document.body.dataset.code;
  let token = null;
  if (mode === "phone") {
    const seat = seats.get(code);
    if (!seat?.token) {
      location.replace(`/j/${code}`);
      return;
    }
    token = seat.token;
  } else {
    token = seats.host(code);
  }

  const shell = new Shell(mode, code);
  const client = new RoomClient(code, token, {
    onState: (message) => shell.state(message),
    onStatus: (status) => shell.status(status),
    onFatal: (reason) => shell.fatal(reason),
    onError: (error) => shell.toast(error),
  });
  shell.client = client;
  shell.token = () => token;
  client.start();
  if (mode === "table") keepAwake();
  return shell;
}

class Shell {
  constructor(mode, code) {
    this.mode = mode;
    this.code = code;
    this.client = null;
    this.current = null;
    this.drawnPhase = null; // the phase last drawn (a live change of phase is seen here)
    this.frame = 0;
    this.clockView = null; // clock.js, once a room has timers
    this.clockDrawn = null;
    this.names = new Map();
    this.seatsById = new Map();
    this.plugin = null;
    this.pluginGame = null;
    this.loading = null;
    this.yourTurn = false;
    this.peek = false;
    this.game = null; // the game's entry from /api/games
    this.games = []; // every game's entry (the host's game picker)
    /** @type {(name: string, values: object, players: number) => boolean} */
    this.optionShown = () => true;
    this.howtoFor = null;
    this.resultsAt = 0; // when the results may cover the board (a game's last moment first)
    this.resultsTimer = 0;
    this.armed = null; // a destructive button waiting for its second tap
    this.deck = null; // the host's own pictures' panel, for a game that takes them (deck.js)
    this.token = () => null; // this screen's token (the deck panel sends it)
    /** @type {Promise<any> | null} */
    this.historyLoading = null; // history.js on its way (the history panel's first opening)
    /** @type {Promise<void> | null} */
    this.nightLoading = null; // night.js on its way (the first lobby or results to need it)
    this.wire();
  }

  /** The move history panel (history.js), loaded the first time it is opened. */
  historyPanel() {
    this.historyLoading ??= import("./history.js").then(({ HistoryPanel }) => {
      this.history = new HistoryPanel(this.code, this.token, (player) => this.playerName(player));
      return this.history;
    });
    return this.historyLoading;
  }

  /** night.js (the standings), loaded the first time a lobby or results screen needs it, so a
   * phone opened during play never downloads it; those screens are drawn again once it came. */
  nightReady() {
    if (this.night) return true;
    this.nightLoading ??= import("./night.js").then((module) => {
      this.night = module;
      const phase = this.current?.room.phase;
      if (phase === "lobby") this.drawLobby();
      if (phase === "finished") this.drawResults();
    });
    return false;
  }

  /** A seat's shown name (the host's rulings are "the host's"). */
  playerName(player) {
    return player === "@host" ? t("history.host") : this.names.get(player) ?? player;
  }

  // --- fixed controls --------------------------------------------------------------------

  wire() {
    $("#open-howto").addEventListener("click", () => this.openHowto());
    for (const button of document.querySelectorAll("[data-open-howto]")) {
      button.addEventListener("click", () => this.openHowto());
    }
    $("#open-settings").addEventListener("click", () => this.openSettings());
    $("#open-history").addEventListener("click", async () => (await this.historyPanel()).open(this.current));
    for (const dialog of document.querySelectorAll("dialog")) {
      dialog.addEventListener("click", (event) => {
        if (event.target === dialog || /** @type {Element} */ (event.target).closest("[data-close]")) dialog.close();
      });
    }
    const notify = $("#pref-notify");
    notify.checked = prefs.get("notify", true);
    notify.addEventListener("change", () => prefs.set("notify", notify.checked));
    $("#start").addEventListener("click", (e) => this.command({ type: "start" }, e.currentTarget));
    $("#open-timers").addEventListener("click", () => this.clocks().then((c) => c.open()));
    $("#add-bot").addEventListener("click", (e) => this.command({ type: "add_bot" }, e.currentTarget));
    $("#rematch").addEventListener("click", (e) => this.command({ type: "rematch" }, e.currentTarget));
    // Another game with the same seats: back to the lobby, where the host picks it.
    $("#other-game").addEventListener("click", (e) => this.command(
      { type: "set_game", game: this.current.room.game }, e.currentTarget));
    // Ending a game early cannot be undone: it takes a second tap.
    $("#end-game").addEventListener("click", (e) => this.twice(e.currentTarget, "settings.end_game_sure",
      async (button) => {
        if (await this.command({ type: "end_game" }, button)) $("#settings").close();
      }));
    // Ending the night names its winner; the next game starts a new night: a second tap.
    for (const button of document.querySelectorAll("[data-end-night]")) {
      button.addEventListener("click", (e) => this.twice(e.currentTarget, "night.end_sure",
        (armed) => this.command({ type: "end_night" }, armed)));
    }
    $("#clock-pause").addEventListener("click", (e) => this.command(
      { type: "pause_clock", paused: !this.current.room.clock?.paused }, e.currentTarget));
    $("#seat-back")?.addEventListener("click", (e) => this.command(
      { type: "seat_bot", player: this.current.you, bot: false }, e.currentTarget));
    const pick = $("#lobby-game-select");
    pick.addEventListener("change", async () => {
      if (!(await this.command({ type: "set_game", game: pick.value }, pick))) this.drawLobby();
    });
    $("#results-board").addEventListener("click", () => {
      this.peek = !this.peek;
      this.drawResults();
    });
    if (this.mode === "table") new ResizeObserver(() => this.fitResults()).observe($("#results"));
    // Browsers only let a page make sound after a tap; warm the audio up on the first one.
    document.addEventListener("pointerdown", () => audio(), { once: true });
  }

  command(message, anchor) {
    return this.client.command(message).then(
      () => true,
      (error) => { this.showError(anchor, error); return false; });
  }

  /** A button that acts only on a second tap within a few seconds (its text asks first). */
  twice(button, sureKey, act) {
    if (this.armed?.button === button) {
      clearTimeout(this.armed.timer);
      button.textContent = this.armed.text;
      button.classList.remove("is-armed");
      this.armed = null;
      act(button);
      return;
    }
    if (this.armed) this.disarm();
    const text = button.textContent;
    button.textContent = t(sureKey);
    button.classList.add("is-armed");
    this.armed = { button, text, timer: setTimeout(() => this.disarm(), 4000) };
  }

  disarm() {
    if (!this.armed) return;
    clearTimeout(this.armed.timer);
    this.armed.button.textContent = this.armed.text;
    this.armed.button.classList.remove("is-armed");
    this.armed = null;
  }

  showError(anchor, error) {
    bubble(anchor, errorText(error.code, error.message, this.current?.room.game));
  }

  toast(error) {
    this.showError($("#conn"), error);
  }

  status(state) {
    const conn = $("#conn");
    conn.dataset.state = state;
    conn.querySelector(".conn-text").textContent = t(`conn.${state}`);
  }

  fatal(reason) {
    const known = ["kicked", "bad_token", "unknown_room", "too_many_attempts"];
    const why = known.includes(reason) ? reason : "bad_token";
    if (this.mode === "phone" && (why === "kicked" || why === "bad_token")) seats.forget(this.code);
    if (this.mode === "table" && why === "bad_token") seats.forgetHost(this.code);
    for (const id of ["#lobby", "#game", "#results", "#invite", "#seat-note"]) {
      const section = $(id);
      if (section) section.hidden = true;
    }
    $("#gone-title").textContent = t(`gone.${why}.title`);
    $("#gone-text").textContent = t(`gone.${why}.text`, { code: this.code });
    $("#gone-join").hidden = this.mode !== "phone" || why === "unknown_room";
    $("#gone").hidden = false;
  }

  // --- states ----------------------------------------------------------------------------

  /** A new state: remembered at once (the chime must not wait), drawn on the next frame, so a
   * burst of states (bots moving with no delay) is drawn once. */
  state(message) {
    this.current = message;
    const room = message.room;
    this.seatsById = new Map(room.players.map((p) => [p.id, p]));
    this.names = new Map(room.players.map((p) => [p.id, seatName(p)]));
    if (room.phase === "lobby" && this.game?.id !== room.game) this.loadGame(room.game);
    this.turnCheck(message);
    this.history?.refresh(message);
    if (!this.frame) this.frame = requestAnimationFrame(() => { this.frame = 0; this.render(); });
  }

  loadGame(id) {
    this.game = { id, options: [], pending: true };
    loadGames().then(async (games) => {
      this.games = games;
      const game = games.find((g) => g.id === id) || null;
      const shown = await optionFilter(game);
      if (this.current?.room.game !== id) return;
      this.game = game;
      this.optionShown = shown;
      if (this.current.room.phase !== "lobby") return;
      const message = this.current;
      this.drawLobby();
      this.drawClocks(message).then(() => { if (this.current === message) markDrawn(message); });
    });
  }

  render() {
    const message = this.current;
    const room = message.room;
    const previous = this.drawnPhase;
    this.drawnPhase = room.phase;
    $("#game-title").textContent = room.title;
    document.body.dataset.phase = room.phase;
    const invite = $("#invite");
    if (invite) invite.hidden = room.phase !== "lobby";
    $("#lobby").hidden = room.phase !== "lobby";
    $("#game").hidden = room.phase === "lobby";
    $("#open-history").hidden = room.phase === "lobby";
    this.drawSeatNote();
    this.clockDrawn = this.drawClocks(message);
    if (room.phase !== previous) {
      this.peek = false;
      this.disarm();
      // Seen live, a game's end may keep the board in view a moment before the results
      // cover it (Dixit's last reveal); a page opened on a finished game shows them at once.
      clearTimeout(this.resultsTimer);
      this.resultsAt = 0;
      if (room.phase === "finished" && previous === "playing") this.holdResults(message);
    }
    if (room.phase === "lobby") {
      this.drawLobby();
      this.clockDrawn.then(() => {
        if (!this.game?.pending && this.current === message) markDrawn(message);
      });
    } else {
      this.drawGame(message);
      if (this.deck) this.drawDeck(); // out of the lobby: the deck panel lets go of its pictures
    }
    this.drawResults();
    this.drawSeats();
  }

  holdResults(message) {
    const wait = this.pluginGame === message.room.game ? this.plugin?.holdResults?.(message) || 0 : 0;
    if (!wait) return;
    this.resultsAt = Date.now() + wait;
    this.resultsTimer = setTimeout(() => { this.resultsAt = 0; this.drawResults(); }, wait);
  }

  /** Turn clocks (clock.js, loaded once a room has timers); resolves once drawn. */
  drawClocks(message) {
    const game = this.game?.pending ? null : this.game;
    if (!this.clockView && !message.room.timers) {
      const button = $("#open-timers");
      button.hidden = !(message.is_host && game?.clocks?.length);
      button.textContent = `⏱ ${t("timers.off")}`;
      return Promise.resolve();
    }
    return this.clocks().then((c) => c.draw(message, game));
  }

  clocks() {
    this.clockView ??= import("./clock.js").then((m) => new m.Clocks(this));
    return this.clockView;
  }

  /** Who plays my seat: when the host handed it to a bot, say so above everything. */
  drawSeatNote() {
    const note = $("#seat-note");
    if (!note) return;
    const message = this.current;
    const mine = this.seatsById.get(message.you);
    note.hidden = !(mine?.bot && mine.human);
    const playing = message.room.phase === "playing";
    $("#game").classList.toggle("is-bot-played", !note.hidden && playing);
    if (note.hidden) return;
    $("#seat-note-text").textContent = message.is_host
      ? t(playing ? "seat.bot_yours_host" : "seat.bot_yours_host_lobby")
      : t(playing ? "seat.bot_yours" : "seat.bot_yours_lobby");
    $("#seat-back").hidden = !message.is_host;
  }

  /** The host's controls during play (in the settings sheet): a bot may play an absent
   * person's seat (and hand it back), a player may be removed (a bot takes the seat), the
   * game may be ended early (everyone back to the lobby). */
  drawSeats() {
    const message = this.current;
    const section = $("#host-seats");
    const playing = message.is_host && message.room.phase === "playing";
    $("#host-game").hidden = !playing;
    const pause = $("#clock-pause");
    pause.hidden = !(playing && message.room.clock);
    pause.textContent = t(message.room.clock?.paused ? "clock.resume" : "clock.pause");
    const people = message.room.players.filter((p) => p.human);
    section.hidden = !(playing && people.length);
    if (section.hidden) return;
    fill($("#host-seats-list"), people.map((player) => {
      const name = this.names.get(player.id);
      const input = h("input", {
        type: "checkbox", class: "switch", checked: player.bot,
        "aria-label": t("seats.bot_plays", { name }),
      });
      input.addEventListener("change", () => this.command(
        { type: "seat_bot", player: player.id, bot: input.checked }, input));
      const you = player.id === message.you;
      const kick = you ? null : h("button", {
        class: "small danger", type: "button", text: t("lobby.kick"),
        "aria-label": t("lobby.kick_named", { name }),
        onclick: (e) => this.twice(e.currentTarget, "seats.kick_sure",
          (button) => this.command({ type: "kick", player: player.id }, button)),
      });
      return h("li", { class: "player", dataset: { player: player.id } },
        h("span", { class: `presence${player.connected ? " on" : ""}`,
                    title: player.connected ? t("lobby.online") : t("lobby.away") }),
        h("span", { class: "player-name", text: name }),
        h("span", { class: "seat-actions" },
          h("label", { class: "seat-switch" }, h("span", { class: "muted", text: t("lobby.bot") }), input),
          kick));
    }));
  }

  turnCheck(message) {
    const mine = Boolean(message.view?.your_turn) && message.room.phase === "playing";
    if (mine && !this.yourTurn && this.mode === "phone" && prefs.get("notify", true)) {
      navigator.vibrate?.([90, 60, 140]);
      chime();
    }
    this.yourTurn = mine;
  }

  // --- lobby -----------------------------------------------------------------------------

  /** A game that takes the host's own pictures gets the deck panel, its module loaded only
   * then (rooms of other games never download it). */
  drawDeck() {
    const option = this.game?.pending ? null : this.game?.picture_deck ?? null;
    if (!option && !this.deck) {
      $("#lobby-deck").hidden = true;
      return;
    }
    this.deck ??= import("./deck.js").then((m) => new m.DeckPanel($("#lobby-deck"), this.code, this.token));
    this.deck.then((panel) => {
      const message = this.current;
      const now = this.game?.pending ? null : this.game?.picture_deck ?? null;
      if (message) panel.update(message.room, message.is_host, message.room.phase === "lobby" ? now : null);
    });
  }

  drawLobby() {
    const message = this.current;
    if (!message) return;
    const room = message.room;
    const host = message.is_host;
    const game = this.game?.pending ? null : this.game;
    $("#lobby-title").textContent = room.title;
    $("#lobby-blurb").textContent = game ? `${blurb(game)} · ${playerRange(game)}` : "";
    $("#lobby-count").textContent = t("lobby.count", { n: room.players.length, max: room.max_players });
    const list = $("#lobby-players");
    list.dataset.count = String(room.players.length);
    fill(list, room.players.map((player) => this.playerRow(player, message)));
    $("#lobby-game").hidden = !host || this.games.length < 2;
    if (host) {
      // the player counts as bare numbers: the whole choice fits a phone in every language
      fill($("#lobby-game-select"), this.games.map((entry) => h("option", {
        value: entry.id, selected: entry.id === room.game,
        text: `${entry.title} (${entry.min_players === entry.max_players ? entry.min_players
          : `${entry.min_players}–${entry.max_players}`})`,
        title: playerRange(entry),
      })));
    }
    const options = $("#lobby-options");
    const shown = (name) => this.optionShown(name, room.options, room.players.length);
    if (game && game.options.some((o) => shown(o.name))) {
      fill(options, h("h3", { class: "section-title", text: t("lobby.options") }),
        optionsForm(game, room.options, {
          editable: host,
          shown,
          onChange: (name, value) => this.command(
            // only the changed option: the server merges it, so two quick changes never
            // undo each other with the stale values of the other's form
            { type: "set_options", options: { [name]: value } },
            document.getElementById(`opt-${game.id}-${name}`)),
        }));
    } else {
      options.replaceChildren();
    }
    this.drawDeck();
    $("#lobby-host").hidden = !host;
    if (this.nightReady()) {
      this.night.drawNight($("#night-lobby"), room.night, this.names, message.you, {
        code: this.code, title: (id) => this.games.find((g) => g.id === id)?.title ?? id });
      $("#end-night").hidden = !this.night.canEndNight(message);
    }
    const wait = $("#lobby-wait");
    const few = room.players.length < room.min_players;
    if (host) {
      wait.hidden = !few;
      wait.textContent = t("lobby.need_players", { min: room.min_players });
    } else {
      wait.hidden = false;
      const hostName = room.host ? this.names.get(room.host) : null;
      wait.textContent = hostName ? t("lobby.wait_for", { name: hostName }) : t("lobby.wait_for_table");
    }
    const share = $("#lobby-share");
    if (this.mode === "phone") {
      // Without a table screen hosting, phones invite: the QR code, and the host is told
      // how to put the table on a TV.
      const inviting = room.host !== null;
      share.hidden = inviting;
      share.textContent = t("lobby.share", { code: this.code, url: `${location.host}/j/${this.code}` });
      const invite = $("#lobby-invite");
      invite.hidden = !inviting;
      $("#lobby-invite-url").textContent = `${location.host}/j/${this.code}`;
      $("#lobby-tv").hidden = !host;
      $("#lobby-tv-url").textContent = `${location.host}/table/${this.code}`;
    }
  }

  playerRow(player, message) {
    const you = player.id === message.you;
    const name = this.names.get(player.id);
    const tags = [];
    const handed = player.bot && player.human; // a person's seat a bot plays for now
    if (you) tags.push(h("span", { class: "tag tag-you", text: t("lobby.you") }));
    if (player.is_host) tags.push(h("span", { class: "tag tag-host", text: t("lobby.host") }));
    if (player.bot) tags.push(h("span", { class: "tag tag-bot", text: t(handed ? "lobby.bot_plays" : "lobby.bot") }));
    const actions = [];
    if (message.is_host && message.room.phase !== "playing") {
      if (handed) {
        actions.push(h("button", {
          class: "small secondary", type: "button", text: t("lobby.give_back"),
          "aria-label": t("lobby.give_back_named", { name }),
          onclick: (e) => this.command({ type: "seat_bot", player: player.id, bot: false }, e.currentTarget),
        }));
      } else if (!player.bot && !you) {
        actions.push(h("button", {
          class: "small ghost", type: "button", text: t("lobby.make_host"),
          onclick: (e) => this.command({ type: "make_host", player: player.id }, e.currentTarget),
        }));
      }
      if (!you) {
        actions.push(h("button", {
          class: "small danger", type: "button", text: t("lobby.kick"),
          "aria-label": t("lobby.kick_named", { name }),
          onclick: (e) => this.command({ type: "kick", player: player.id }, e.currentTarget),
        }));
      }
    }
    return h("li", { class: `player${you ? " is-you" : ""}`, dataset: { player: player.id } },
      h("span", {
        class: `presence${player.connected || player.bot ? " on" : ""}`,
        title: player.connected || player.bot ? t("lobby.online") : t("lobby.away"),
      }),
      h("span", { class: "player-name", text: name }),
      tags,
      actions.length ? h("span", { class: "player-actions" }, actions) : null);
  }

  // --- game ------------------------------------------------------------------------------

  async drawGame(message) {
    const id = message.room.game;
    if (this.pluginGame !== id) {
      this.pluginGame = id;
      this.plugin = null;
      this.loading = this.mountGame(id);
    }
    await this.loading;
    if (this.current === message && this.plugin) await this.plugin.update(message.view, message);
    await this.clockDrawn;
    if (this.current === message) markDrawn(message);
  }

  async mountGame(id) {
    const root = $("#game");
    let module;
    const texts = loadGameCatalogue(id);
    const styles = loadGameStyles(id);
    try {
      [module] = await Promise.all([import(`/static/js/games/${id}.js`), texts, styles]);
      this.drawResults();
    } catch {
      fill(root, h("p", { class: "notice", text: t("game.unsupported") }));
      this.pluginGame = null; // a network hiccup: the next state tries again
      return;
    }
    fill(root);
    this.drawGamePrefs(id, module.prefs || []);
    /** @type {import("./game.js").GameContext} */
    const ctx = {
      mode: this.mode,
      game: id,
      t,
      name: (player) => this.names.get(player) ?? player,
      // who holds a seat now: {bot, human, connected} (a scoreboard marks the absent)
      seat: (player) => this.seatsById.get(player) || null,
      act: (action, anchor) => this.client.act(action).then(
        () => true,
        (error) => { this.showError(anchor, error); return false; }),
      say: (anchor, text) => bubble(anchor, text, "info"),
      pref: (key, fallback) => prefs.get(`${id}.${key}`, fallback),
    };
    this.plugin = module.mount(root, ctx);
    this.drawResults();
  }

  drawGamePrefs(id, list) {
    fill($("#game-prefs"), list.map((pref) => {
      const input = h("input", { type: "checkbox", class: "switch", checked: prefs.get(`${id}.${pref.key}`, pref.default) });
      input.addEventListener("change", () => {
        prefs.set(`${id}.${pref.key}`, input.checked);
        this.plugin?.prefsChanged?.();
      });
      return h("label", { class: "setting" }, h("span", { text: t(pref.label) }), input);
    }));
  }

  // --- results ---------------------------------------------------------------------------

  drawResults() {
    const message = this.current;
    const section = $("#results");
    const outcome = message?.outcome;
    if (!message || message.room.phase !== "finished" || !outcome || this.resultsAt > Date.now()) {
      section.hidden = true;
      return;
    }
    section.hidden = false;
    section.classList.toggle("peek", this.peek);
    $("#results-board").textContent = this.peek ? t("results.show") : t("results.see_board");
    const game = message.room.game;
    const winners = outcome.winners || [];
    const names = winners.map((p) => this.names.get(p) ?? p);
    const scores = Object.values(outcome.scores);
    // a shared win of long names is set smaller, so the ranking stays in view
    $("#results-winner").classList.toggle("is-shared", names.length > 1);
    $("#results-winner").textContent = scores.length === 1
      ? t("results.solo", { score: scores[0] })
      : names.length === 1
        ? t("results.wins", { name: names[0] })
        : t("results.share", { names: names.join(", ") });
    $("#results-reason").textContent = t(`${game}.reason.${outcome.reason}`, {}, "");
    fill($("#results-list"), places(outcome.scores, winners).map(({ player, score, place }) => h("li", {
      class: `${winners.includes(player) ? "winner-row" : ""}${player === message.you ? " is-you" : ""}`,
      dataset: { player, place },
    }, h("span", { class: "rank-place", text: String(place) }),
       h("span", { class: "rank-name", text: this.names.get(player) ?? player }),
       h("span", { class: "rank-score" }, String(score),
         this.nightReady() ? this.night.nightTotal(message.room.night, player) : null))));
    // A game may add its own detail (a score breakdown, a rating) below the ranking.
    const detail = this.pluginGame === game ? this.plugin?.results?.(message.view, message) : null;
    fill($("#results-detail"), detail || null);
    // a game whose breakdown replaces the ranking (Encore!'s) gets the night in one line
    const ranked = getComputedStyle($("#results-list")).display !== "none";
    const line = !ranked && this.nightReady() ? this.night.nightLine(message.room.night, this.names) : null;
    if (line) $("#results-detail").append(line);
    $("#results-detail").hidden = !detail && !line;
    if (this.nightReady()) this.drawNightResults(message);
    $("#rematch").hidden = !message.is_host;
    $("#other-game").hidden = !message.is_host;
    $("#results-wait").hidden = message.is_host;
    this.fitResults();
  }

  /** The table screen is watched from the sofa, never scrolled: results taller than it (a win
   * shared by long names, a long night) are drawn smaller until the whole card fits. */
  fitResults() {
    const card = $(".results-card");
    card.style.zoom = "";
    if (this.mode !== "table" || this.peek || $("#results").hidden) return;
    for (let tries = 0; tries < 4 && card.scrollHeight > card.clientHeight + 1; tries += 1) {
      const zoom = (Number(card.style.zoom) || 1) * (card.clientHeight / card.scrollHeight) * 0.98;
      card.style.zoom = String(Math.max(0.5, zoom));
    }
  }

  /** The night on the results: its winner once over, this game's replay (a phone's link; the
   * table shows its QR code for the phones) and the host's "end the night". */
  drawNightResults(message) {
    this.night.drawNight($("#night-results"), message.room.night, this.names, message.you, null, true);
    // This game's replay: a link, and on the table its QR code for the phones.
    const replay = message.room.night.finished.at(-1);
    $("#results-replay").hidden = !replay;
    if (replay) {
      const url = this.night.replayUrl(this.code, replay.id);
      const link = $("#results-replay-link"); // a phone's; the table shows the QR code
      if (link) link.href = url;
      const qr = $("#results-replay-qr");
      if (qr && qr.dataset.src !== url) {
        qr.dataset.src = url;
        qr.src = `${url}/qr.svg`;
      }
    }
    $("#results-end-night").hidden = !this.night.canEndNight(message);
  }

  // --- dialogs ---------------------------------------------------------------------------

  async openHowto() {
    const dialog = $("#howto");
    const game = this.current?.room.game;
    dialog.showModal();
    if (!game || this.howtoFor === game) return;
    const body = $("#howto-body");
    try {
      const response = await fetch(`/howto/${game}`);
      if (!response.ok) throw new Error(String(response.status));
      // A fragment our own server rendered from templates/games/<id>.html: no player text.
      body.innerHTML = await response.text();
      this.howtoFor = game;
    } catch {
      fill(body, h("p", { class: "muted", text: t("howto.missing") }));
    }
  }

  openSettings() {
    $("#settings").showModal();
  }
}

/** A seat's name as shown: the server names bot seats "Bot 1", "Bot 2"…; they are called so
 * in the page's language. */
function seatName(player) {
  const number = !player.human && player.bot ? /^Bot (\d+)$/.exec(player.name) : null;
  return number ? t("lobby.bot_name", { n: number[1] }) : player.name;
}

/** Say on the page which version is fully drawn (tests wait for it; people never see it). */
function markDrawn(message) {
  document.body.dataset.drawn = String(message.version);
}

// --- little pleasures --------------------------------------------------------------------

let audioContext = null;

function audio() {
  const Context = window.AudioContext || window.webkitAudioContext;
  if (!audioContext && Context) audioContext = new Context();
  return audioContext;
}

/** A short two-note chime for "your turn" (made on the fly: no sound file to download). */
function chime() {
  const context = audio();
  if (!context || context.state !== "running") return;
  const now = context.currentTime;
  [659.25, 987.77].forEach((frequency, i) => {
    const osc = context.createOscillator();
    const gain = context.createGain();
    osc.type = "sine";
    osc.frequency.value = frequency;
    gain.gain.setValueAtTime(0.0001, now + i * 0.13);
    gain.gain.exponentialRampToValueAtTime(0.25, now + i * 0.13 + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, now + i * 0.13 + 0.35);
    osc.connect(gain).connect(context.destination);
    osc.start(now + i * 0.13);
    osc.stop(now + i * 0.13 + 0.4);
  });
}

/** Keep a table screen from dimming mid-game, where the browser allows it. */
function keepAwake() {
  if (!("wakeLock" in navigator)) return;
  const ask = () => navigator.wakeLock.request("screen").catch(() => {});
  ask();
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") ask();
  });
}

/** Add the game's stylesheet (static/css/games/<id>.css) once; resolve when it has loaded. */
function loadGameStyles(id) {
  const href = `/static/css/games/${id}.css`;
  if (document.querySelector(`link[href="${href}"]`)) return Promise.resolve();
  return new Promise((resolve) => {
    const link = h("link", { rel: "stylesheet", href });
    link.addEventListener("load", resolve);
    link.addEventListener("error", resolve);  // a game without styles still plays
    document.head.append(link);
  });
}
