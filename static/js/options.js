// A game's options (from GET /api/games) as form controls, shared by the home page (before a
// room exists) and the lobby (the host changes them; everyone else sees them). Labels come
// from the catalogue (`<game>.option.<name>`, `<game>.choice.<name>.<choice>`), falling back
// to the engine's English description.

import { h } from "./dom.js";
import { t } from "./i18n.js";

let games = null;

/** The registered games, fetched once per page. */
export function loadGames() {
  games ??= fetch("/api/games").then((r) => (r.ok ? r.json() : [])).catch(() => []);
  return games;
}

export function blurb(game) {
  return t(`${game.id}.blurb`, {}, game.blurb);
}

export function playerRange(game) {
  return game.min_players === game.max_players
    ? t("games.players_exact", { n: game.min_players })
    : t("games.players", { min: game.min_players, max: game.max_players });
}

/**
 * Which options matter with these values and this many players (a game's module may say,
 * as `optionShown(name, values, players)`: Dixit's target score only when it ends on points);
 * every option does when it says nothing. Resolves to a function.
 */
export async function optionFilter(game) {
  if (!game?.options.length) return () => true;
  // the option naming a host's own picture deck is set by adding pictures (deck.js)
  const own = (shown) => (name, ...rest) => name !== game.picture_deck && shown(name, ...rest);
  try {
    const module = await import(`/static/js/games/${game.id}.js`);
    return own(module.optionShown || (() => true));
  } catch {
    return own(() => true);
  }
}

/** One control per option that matters (`shown(name)`); `onChange(name, value)` fires when
 * an editable one changes.
 * @param {object} game
 * @param {object} values
 * @param {{editable?: boolean, onChange?: (name: string, value: boolean | number | string) => void, shown?: (name: string) => boolean}} [how]
 */
export function optionsForm(game, values, { editable = true, onChange = () => {}, shown = () => true } = {}) {
  const rows = game.options.filter((option) => shown(option.name)).map((option) => {
    const value = values[option.name] ?? option.default;
    const label = t(`${game.id}.option.${option.name}`, {}, option.description);
    const id = `opt-${game.id}-${option.name}`;
    let input;
    if (typeof option.default === "boolean") {
      input = h("input", { id, type: "checkbox", class: "switch", checked: value === true });
      input.addEventListener("change", () => onChange(option.name, input.checked));
    } else if (typeof option.default === "number") {
      input = h("input", {
        id, type: "number", inputmode: "numeric", value: String(value),
        min: option.minimum ?? undefined, max: option.maximum ?? undefined,
      });
      input.addEventListener("change", () => {
        const number = Number.parseInt(input.value, 10);
        if (Number.isFinite(number)) onChange(option.name, number);
      });
    } else {
      input = h("select", { id },
        option.choices.map((choice) => h("option", {
          value: choice, selected: choice === value,
          text: t(`${game.id}.choice.${option.name}.${choice}`, {}, choice),
        })));
      input.addEventListener("change", () => onChange(option.name, input.value));
    }
    input.disabled = !editable;
    return h("label", { class: "option", for: id }, h("span", { class: "option-label", text: label }), input);
  });
  return h("div", { class: "option-list" }, rows);
}

/** The values currently shown in a form made by optionsForm. */
export function readOptions(game, form) {
  const out = {};
  for (const option of game.options) {
    const input = form.querySelector(`#opt-${game.id}-${option.name}`);
    if (!input) continue;
    if (typeof option.default === "boolean") out[option.name] = input.checked;
    else if (typeof option.default === "number") out[option.name] = Number.parseInt(input.value, 10);
    else out[option.name] = input.value;
  }
  return out;
}
