// The join page a room's QR code points to: /j/{code}. A phone that already has a seat in this
// room goes straight to it; otherwise it asks for a name and takes a seat.
import { api, seats } from "../client.js";
import { $, bubble, h, fill, prefs } from "../dom.js";
import { errorText, loadCatalogue, t } from "../i18n.js";

const code = document.body.dataset.code;

async function main() {
  if (seats.get(code)?.token) {
    location.replace(`/room/${code}`);
    return;
  }
  await loadCatalogue();
  let room;
  try {
    room = await api("GET", `/api/rooms/${code}`);
  } catch (error) {
    $("#room-info").textContent = "";
    if (error.code === "unknown_room") $("#join-missing").hidden = false;
    else $("#room-info").textContent = errorText(error.code, error.message);
    return;
  }
  $("#room-info").textContent = t("join.info", { game: room.title, n: room.players.length, max: room.max_players });
  fill($("#room-players"), room.players.map((p) => h("li", { class: "chip", text: p.name })));
  // Seats open in the lobby and between games (a late friend plays the next one).
  if (room.phase === "playing" || room.players.length >= room.max_players) {
    $("#join-closed-text").textContent = room.phase === "playing" ? t("join.started") : t("join.full");
    $("#join-closed").hidden = false;
    return;
  }
  const form = $("#join-form");
  const input = $("#join-name");
  input.value = prefs.get("name", "");
  form.hidden = false;
  input.focus();
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const button = $("#join-button");
    button.disabled = true;
    try {
      const seat = await api("POST", `/api/rooms/${code}/join`, { name: input.value });
      seats.set(code, { token: seat.token, player: seat.player_id });
      prefs.set("name", input.value.trim());
      location.replace(`/room/${code}`);
    } catch (error) {
      button.disabled = false;
      bubble(input, errorText(error.code, error.message));
    }
  });
}

main();
