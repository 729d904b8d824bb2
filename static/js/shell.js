// The room shell shared by a player's phone (/room/{code}) and the table screen
// (/table/{code}): connection indicator, lobby, host controls, results, how-to-play and
// settings. It knows no game: once the game starts it imports /static/js/games/<id>.js and
// hands every state to that module (see README, "Adding a game to the browser").

import { RoomClient, seats } from "./client.js";
import { $, bubble, fill, h, prefs } from "./dom.js";
import { errorText, loadCatalogue, loadGameCatalogue, t } from "./i18n.js";
import { blurb, loadGames, optionsForm, playerRange } from "./options.js";

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
    this.names = new Map();
    this.plugin = null;
    this.pluginGame = null;
    this.loading = null;
    this.yourTurn = false;
    this.peek = false;
    this.game = null; // the game's entry from /api/games
    this.games = []; // every game's entry (the host's game picker)
    this.howtoFor = null;
    this.wire();
  }

  // --- fixed controls --------------------------------------------------------------------

  wire() {
    $("#open-howto").addEventListener("click", () => this.openHowto());
    for (const button of document.querySelectorAll("[data-open-howto]")) {
      button.addEventListener("click", () => this.openHowto());
    }
    $("#open-settings").addEventListener("click", () => this.openSettings());
    for (const dialog of document.querySelectorAll("dialog")) {
      dialog.addEventListener("click", (event) => {
        if (event.target === dialog || event.target.closest("[data-close]")) dialog.close();
      });
    }
    const notify = $("#pref-notify");
    notify.checked = prefs.get("notify", true);
    notify.addEventListener("change", () => prefs.set("notify", notify.checked));
    $("#start").addEventListener("click", (e) => this.command({ type: "start" }, e.currentTarget));
    $("#add-bot").addEventListener("click", (e) => this.command({ type: "add_bot" }, e.currentTarget));
    $("#rematch").addEventListener("click", (e) => this.command({ type: "rematch" }, e.currentTarget));
    // Another game with the same seats: back to the lobby, where the host picks it.
    $("#other-game").addEventListener("click", (e) => this.command(
      { type: "set_game", game: this.current.room.game }, e.currentTarget));
    const pick = $("#lobby-game-select");
    pick.addEventListener("change", async () => {
      if (!(await this.command({ type: "set_game", game: pick.value }, pick))) this.drawLobby();
    });
    $("#results-board").addEventListener("click", () => {
      this.peek = !this.peek;
      this.drawResults();
    });
    // Browsers only let a page make sound after a tap; warm the audio up on the first one.
    document.addEventListener("pointerdown", () => audio(), { once: true });
  }

  command(message, anchor) {
    return this.client.command(message).then(
      () => true,
      (error) => { this.showError(anchor, error); return false; });
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
    for (const id of ["#lobby", "#game", "#results", "#invite"]) {
      const section = $(id);
      if (section) section.hidden = true;
    }
    $("#gone-title").textContent = t(`gone.${why}.title`);
    $("#gone-text").textContent = t(`gone.${why}.text`, { code: this.code });
    $("#gone-join").hidden = this.mode !== "phone" || why === "unknown_room";
    $("#gone").hidden = false;
  }

  // --- states ----------------------------------------------------------------------------

  state(message) {
    const previous = this.current;
    this.current = message;
    const room = message.room;
    this.names = new Map(room.players.map((p) => [p.id, p.name]));
    $("#game-title").textContent = room.title;
    document.body.dataset.phase = room.phase;
    if (room.phase === "lobby" && this.game?.id !== room.game) {
      loadGames().then((games) => {
        this.games = games;
        this.game = games.find((g) => g.id === room.game) || null;
        if (this.current?.room.phase === "lobby") this.drawLobby();
      });
    }
    const invite = $("#invite");
    if (invite) invite.hidden = room.phase !== "lobby";
    $("#lobby").hidden = room.phase !== "lobby";
    $("#game").hidden = room.phase === "lobby";
    if (room.phase === "lobby") {
      this.drawLobby();
    } else {
      if (previous?.room.phase !== room.phase) this.peek = false;
      this.drawGame(message);
    }
    this.drawResults();
    this.drawSeats();
    this.turnCheck(message);
  }

  /** The host's seat switches (in the settings sheet): a bot may play an absent person's seat. */
  drawSeats() {
    const message = this.current;
    const section = $("#host-seats");
    const people = message.room.players.filter((p) => p.human);
    section.hidden = !(message.is_host && message.room.phase === "playing" && people.length);
    if (section.hidden) return;
    fill($("#host-seats-list"), people.map((player) => {
      const input = h("input", {
        type: "checkbox", class: "switch", checked: player.bot,
        "aria-label": t("seats.bot_plays", { name: player.name }),
      });
      input.addEventListener("change", () => this.command(
        { type: "seat_bot", player: player.id, bot: input.checked }, input));
      return h("li", { class: "player", dataset: { player: player.id } },
        h("span", { class: `presence${player.connected ? " on" : ""}`,
                    title: player.connected ? t("lobby.online") : t("lobby.away") }),
        h("span", { class: "player-name", text: player.name }),
        h("label", { class: "seat-switch" },
          h("span", { class: "muted", text: t("lobby.bot") }), input));
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

  drawLobby() {
    const message = this.current;
    if (!message) return;
    const room = message.room;
    const host = message.is_host;
    $("#lobby-title").textContent = room.title;
    $("#lobby-blurb").textContent = this.game ? `${blurb(this.game)} · ${playerRange(this.game)}` : "";
    $("#lobby-count").textContent = t("lobby.count", { n: room.players.length, max: room.max_players });
    fill($("#lobby-players"), room.players.map((player) => this.playerRow(player, message)));
    $("#lobby-game").hidden = !host || this.games.length < 2;
    if (host) {
      fill($("#lobby-game-select"), this.games.map((game) => h("option", {
        value: game.id, selected: game.id === room.game,
        text: `${game.title} · ${playerRange(game)}`,
      })));
    }
    const options = $("#lobby-options");
    if (this.game && this.game.options.length) {
      fill(options, h("h3", { class: "section-title", text: t("lobby.options") }),
        optionsForm(this.game, room.options, {
          editable: host,
          onChange: (name, value) => this.command(
            // only the changed option: the server merges it, so two quick changes never
            // undo each other with the stale values of the other's form
            { type: "set_options", options: { [name]: value } },
            document.getElementById(`opt-${this.game.id}-${name}`)),
        }));
    } else {
      options.replaceChildren();
    }
    $("#lobby-host").hidden = !host;
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
      share.hidden = false;
      share.textContent = t("lobby.share", { code: this.code, url: `${location.host}/j/${this.code}` });
    }
  }

  playerRow(player, message) {
    const you = player.id === message.you;
    const tags = [];
    if (you) tags.push(h("span", { class: "tag tag-you", text: t("lobby.you") }));
    if (player.is_host) tags.push(h("span", { class: "tag tag-host", text: t("lobby.host") }));
    if (player.bot) tags.push(h("span", { class: "tag tag-bot", text: t("lobby.bot") }));
    const actions = [];
    if (message.is_host && !you && message.room.phase === "lobby") {
      if (!player.bot) {
        actions.push(h("button", {
          class: "small ghost", type: "button", text: t("lobby.make_host"),
          onclick: (e) => this.command({ type: "make_host", player: player.id }, e.currentTarget),
        }));
      }
      actions.push(h("button", {
        class: "small danger", type: "button", text: t("lobby.kick"),
        "aria-label": t("lobby.kick_named", { name: player.name }),
        onclick: (e) => this.command({ type: "kick", player: player.id }, e.currentTarget),
      }));
    }
    return h("li", { class: `player${you ? " is-you" : ""}`, dataset: { player: player.id } },
      h("span", {
        class: `presence${player.connected || player.bot ? " on" : ""}`,
        title: player.connected || player.bot ? t("lobby.online") : t("lobby.away"),
      }),
      h("span", { class: "player-name", text: player.name }),
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
    if (this.current === message && this.plugin) this.plugin.update(message.view, message);
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
    const ctx = {
      mode: this.mode,
      game: id,
      t,
      name: (player) => this.names.get(player) ?? player,
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
    if (!message || message.room.phase !== "finished" || !outcome) {
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
    $("#results-winner").textContent = scores.length === 1
      ? t("results.solo", { score: scores[0] })
      : names.length === 1
        ? t("results.wins", { name: names[0] })
        : t("results.share", { names: names.join(", ") });
    $("#results-reason").textContent = t(`${game}.reason.${outcome.reason}`, {}, "");
    const ranked = Object.entries(outcome.scores).sort((a, b) => b[1] - a[1]);
    fill($("#results-list"), ranked.map(([player, score]) => h("li", {
      class: `${winners.includes(player) ? "winner-row" : ""}${player === message.you ? " is-you" : ""}`,
    }, h("span", { class: "rank-name", text: this.names.get(player) ?? player }),
       h("span", { class: "rank-score", text: String(score) }))));
    // A game may add its own detail (a score breakdown, a rating) below the ranking.
    const detail = this.pluginGame === game ? this.plugin?.results?.(message.view, message) : null;
    fill($("#results-detail"), detail || null);
    $("#results-detail").hidden = !detail;
    $("#rematch").hidden = !message.is_host;
    $("#other-game").hidden = !message.is_host;
    $("#results-wait").hidden = message.is_host;
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
