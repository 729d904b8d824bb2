// The night's standings (the room summary's `night`, see app/standings.py): the table of
// points, games won and games played, shown in the lobby between games and on the results
// screen of phones and the table; once the host ends the night, its winner.
import { $, fill, h, stylesheet } from "./dom.js";
import { t } from "./i18n.js";

stylesheet("/static/css/night.css");

/** Draw `night` into the section `root` (templates/partials/night.html); hidden until a game
 * of the night has finished. `names` maps seat ids to shown names; `replays`: the links to
 * the night's finished games ({code, title(gameId)}), or null for none. */
export function drawNight(root, night, names, you, replays = null, compact = false) {
  if (!root) return;
  // compact (the results, whose ranking shows each night total): only the night's winner
  root.hidden = !night || night.games === 0 || (compact && !night.over);
  if (root.hidden) return;
  const name = (row) => names.get(row.player) ?? row.name;
  $("[data-night-games]", root).textContent = t("night.games", { n: night.games });
  const winner = $("[data-night-winner]", root);
  winner.hidden = !night.over;
  winner.textContent = night.over
    ? t("night.winner", { names: night.winners.map((p) => name(night.standings.find((r) => r.player === p) || { player: p, name: p })).join(", ") })
    : "";
  fill($("[data-night-table]", root), night.standings.map((row) => h("li", {
    class: `${night.over && night.winners.includes(row.player) ? "winner-row" : ""}${row.player === you ? " is-you" : ""}`,
    dataset: { player: row.player, place: row.place, points: row.points },
  }, h("span", { class: "rank-place", text: String(row.place) }),
     h("span", { class: "rank-name", text: name(row) },
       row.seated ? null : h("span", { class: "tag", text: t("night.left") })),
     h("span", { class: "night-wins muted", text: t("night.wins", { n: row.wins }) }),
     h("span", { class: "rank-score", text: t("night.points", { n: row.points }) }))));
  fill($("[data-night-replays]", root), replays ? night.finished.map((game, i) => h("li", null,
    h("a", { href: replayUrl(replays.code, game.id), class: "link-button", dataset: { replay: game.id },
             text: `${i + 1}. ${replays.title(game.game)} · ${t("replay.open")}` }))) : null);
}

/** The replay page of a finished game of the night. */
export function replayUrl(code, id) {
  return `/replay/${code}/${id}`;
}

/** A results row's night total, small under the score: "Σ 7", said in full to a screen
 * reader and on hover ("tonight: 7"); null before any game of the night ended. */
export function nightTotal(night, player) {
  const row = night?.standings.find((r) => r.player === player);
  if (!row || !night.games) return null;
  const said = t("night.so_far", { n: row.points });
  return h("span", { class: "rank-night muted", title: said, "aria-label": said, dataset: { points: row.points }, text: `Σ ${row.points}` });
}

/** The night in one line, for results whose own breakdown replaces the ranking (so no row
 * carries a night total): "Tonight: Ann 9 · Bob 7"; null before any game of the night ended. */
export function nightLine(night, names) {
  if (!night?.games) return null;
  const list = night.standings.map((row) => `${names.get(row.player) ?? row.name} ${row.points}`).join(" · ");
  return h("p", { class: "night-line muted", text: t("night.line", { list }) });
}

/** Whether the host may end the night now (between games, a game finished, not yet over). */
export function canEndNight(message) {
  const night = message.room.night;
  return message.is_host && message.room.phase !== "playing" && night.games > 0 && !night.over;
}
