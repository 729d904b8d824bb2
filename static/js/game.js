// The contract between the room shell (shell.js) and a game's page module
// (static/js/games/<id>.js), as JSDoc types that `make lint`'s tsc checks. No code: the
// browser never loads this file; modules name its types in comments only, as
// `import("../game.js").GameContext`.

/**
 * Who holds a seat now (a scoreboard marks seats a bot plays or whose phone is away).
 * @typedef {object} Seat
 * @property {boolean} bot
 * @property {boolean} human
 * @property {boolean} connected
 */

/**
 * What the shell gives a game's `mount(root, ctx)`.
 * @typedef {object} GameContext
 * @property {"phone" | "table"} mode
 * @property {string} game the game's id
 * @property {(key: string, params?: Record<string, unknown>, fallback?: string) => string} t
 * @property {(player: string) => string} name a seat's name as this page shows it
 * @property {(player: string) => Seat | null} seat
 * @property {(action: {kind: string, [field: string]: unknown}, anchor?: Element | null) => Promise<boolean>} act
 *   send an action; on a refusal its sentence is shown by `anchor` and the promise is false
 * @property {(anchor: Element | null, text: string) => void} say a short note by `anchor`
 * @property {(key: string, fallback: unknown) => any} pref a remembered switch of the page
 */

/**
 * What `mount` returns: the shell calls `update` with every state.
 * @typedef {object} GamePlugin
 * @property {(view: any, message: any) => void | Promise<void>} update
 * @property {() => void} [prefsChanged]
 * @property {(view: any, message: any) => Node | null} [results]
 * @property {(message: any) => number} [holdResults]
 */

export {};
