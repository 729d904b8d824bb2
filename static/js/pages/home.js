// Home: join a room by its code, or create one — as a player (with a name) or as the table
// screen (the TV or laptop everyone looks at).
import { api, seats } from "../client.js";
import { $, bubble, fill, h, prefs } from "../dom.js";
import { errorText, loadCatalogue, t } from "../i18n.js";
import { blurb, loadGames, optionFilter, optionsForm, playerRange, readOptions } from "../options.js";

let chosen = null;

async function main() {
  await loadCatalogue();
  const codeInput = $("#join-code");
  codeInput.addEventListener("input", () => {
    codeInput.value = codeInput.value.toUpperCase().replace(/[^A-Z]/g, "");
  });
  $("#join-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const code = codeInput.value.trim().toUpperCase();
    if (code.length !== 4) {
      bubble(codeInput, t("home.code_short"));
      return;
    }
    location.href = `/j/${code}`;
  });

  const nameInput = $("#create-name");
  nameInput.value = prefs.get("name", "");
  const games = await loadGames();
  const list = $("#games");
  if (!games.length) {
    fill(list, h("p", { class: "notice", text: t("home.no_games") }));
    return;
  }
  const lastGame = prefs.get("game", games[0].id);
  fill(list, games.map((game) => {
    const radio = h("input", { type: "radio", name: "game", value: game.id, id: `game-${game.id}` });
    radio.addEventListener("change", () => choose(game));
    return h("label", { class: "game-card", for: `game-${game.id}`, dataset: { game: game.id } },
      radio,
      h("span", { class: "game-card-title", text: game.title }),
      h("span", { class: "game-card-blurb", text: blurb(game) }),
      h("span", { class: "game-card-players", text: playerRange(game) }));
  }));
  const first = games.find((g) => g.id === lastGame) || games[0];
  $(`#game-${first.id}`).checked = true;
  choose(first);

  $("#create-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const name = nameInput.value.trim();
    if (!name) {
      bubble(nameInput, t("home.name_needed"));
      nameInput.focus();
      return;
    }
    create(name, $("#create-play"));
  });
  $("#create-table").addEventListener("click", (event) => create(null, event.currentTarget));
}

async function choose(game) {
  chosen = game;
  prefs.set("game", game.id);
  for (const card of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll(".game-card"))) {
    card.classList.toggle("chosen", card.dataset.game === game.id);
  }
  const box = $("#create-options");
  if (!game.options.length) {
    box.replaceChildren();
    return;
  }
  const shown = await optionFilter(game);
  if (chosen !== game) return;
  const defaults = Object.fromEntries(game.options.map((o) => [o.name, o.default]));
  // Only the options that matter with the values chosen so far (the player count is not
  // known yet); changing one may show or hide another.
  const draw = (values) => fill(box, h("h3", { class: "section-title", text: t("lobby.options") }),
    optionsForm(game, values, {
      shown: (name) => shown(name, { ...defaults, ...values }, null),
      onChange: (name, value) => draw({ ...readOptions(game, box), [name]: value }),
    }));
  draw({});
}

async function create(name, anchor) {
  if (!chosen) return;
  anchor.disabled = true;
  try {
    const options = readOptions(chosen, $("#create-options"));
    const room = await api("POST", "/api/rooms", { game: chosen.id, options, name });
    if (name) {
      prefs.set("name", name);
      seats.set(room.code, { token: room.token, player: room.player_id });
      location.href = `/room/${room.code}`;
    } else {
      seats.setHost(room.code, room.host_token);
      location.href = `/table/${room.code}`;
    }
  } catch (error) {
    anchor.disabled = false;
    bubble(anchor, errorText(error.code, error.message));
  }
}

main();
