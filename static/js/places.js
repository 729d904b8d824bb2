// Places in a final ranking, for every screen that shows them: equal scores share a place
// ("1, 2, 2, 4"), and a winner (decided by the game, perhaps on a tie-break) is never placed
// below someone with the same score who did not win.

/** [{player, score, place}] best first, from an outcome's scores and winners. */
export function places(scores, winners = []) {
  const won = new Set(winners);
  const entries = Object.entries(scores).map(([player, score]) => ({ player, score, won: won.has(player) }));
  const ahead = (a, b) => a.score > b.score || (a.score === b.score && a.won && !b.won);
  entries.sort((a, b) => (ahead(a, b) ? -1 : ahead(b, a) ? 1 : 0));
  return entries.map((entry) => ({
    player: entry.player,
    score: entry.score,
    place: 1 + entries.filter((other) => ahead(other, entry)).length,
  }));
}
