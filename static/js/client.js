// The shared client: one WebSocket to /ws/{code}?token=…, kept alive across flaky Wi-Fi and
// phones that sleep. Every game uses it the same way:
//
//   const client = new RoomClient(code, token, {onState, onStatus, onFatal, onError});
//   client.start();
//   await client.act({kind: "place", ...});   // resolves on the acknowledging state,
//                                             // rejects with {code, message} on a refusal
//   await client.command({type: "start"});     // host commands
//
// - Reconnects with backoff (0.5 s doubling to 10 s, with jitter), at once when the page
//   becomes visible again or the network comes back, and checks a socket that looks open
//   with a ping when a phone wakes (a sleeping phone's socket is often silently dead).
// - Asks for patches (?patches=1): after the first state, the server sends only what changed
//   in this screen's state message, as ["patch", base, version, patch, ref?] (room.version is
//   the patch's version); readMessage reads it as {type: "patch", …} and applyPatch rebuilds
//   the whole message, so handlers always get whole states. A patch that does not follow the
//   state this socket holds (its base version differs) is dropped and the full state asked
//   for ({type: "sync"}); a patch never crosses epochs (another epoch comes whole).
// - Drops any state older than the one it has (presence updates repeat the version), unless it
//   is of another epoch: the room was rebased after its store lost changes, and the new line
//   of versions replaces the old whatever its numbers.
// - Actions carry a random id; an action not yet acknowledged is resent with the same id after
//   a reconnect, and the server applies an id only once.
// - Close codes 1008 (bad token, kicked, unknown room) are final: no retry.

const BACKOFF_MIN = 500;
const BACKOFF_MAX = 10000;
const ACK_TIMEOUT = 15000;
const PING_EVERY = 25000;
const PING_DEADLINE = 4000;

/** A random id for an action (works on plain http, where crypto.randomUUID does not). */
export function newId() {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * `target` (plain JSON data) with a patch applied, as app/patch.py writes them: a string,
 * number or boolean sets a key to it, `[v]` sets it to v (any value), `[]` deletes it, an
 * object patches the value there; on an array,
 * keys are indices, `shift: n` first drops n items from its front and `length: n` then cuts
 * it to n items. `target` is left as it was; what the patch does not touch is shared.
 */
export function applyPatch(target, patch) {
  const array = Array.isArray(target);
  const result = array ? target.slice(patch.shift || 0) : { ...target };
  if (array && patch.length !== undefined) result.length = patch.length;
  for (const [key, change] of Object.entries(patch)) {
    if (array && (key === "shift" || key === "length")) continue;
    if (Array.isArray(change)) {
      if (change.length) result[key] = change[0];
      else delete result[key];
    } else if (typeof change === "object") result[key] = applyPatch(result[key], change);
    else result[key] = change;
  }
  return result;
}

/** A server message from its text; a patch (sent as an array) as `{type: "patch", …}`. */
export function readMessage(text) {
  const message = JSON.parse(text);
  if (!Array.isArray(message)) return message;
  const [type, base, version, patch, ref] = message;
  return { type, base, version, patch, ref };
}

/** Seat and host tokens, kept per room in localStorage so a refresh or a reboot keeps them. */
export const seats = {
  get(code) { return read(`gamenight.seat.${code}`); },
  set(code, seat) { write(`gamenight.seat.${code}`, seat); },
  forget(code) { write(`gamenight.seat.${code}`, null); },
  host(code) { return read(`gamenight.host.${code}`); },
  setHost(code, token) { write(`gamenight.host.${code}`, token); },
  forgetHost(code) { write(`gamenight.host.${code}`, null); },
};

function read(key) {
  try { return JSON.parse(localStorage.getItem(key)); } catch { return null; }
}

function write(key, value) {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify(value));
  } catch { /* storage full or disabled: the seat lasts as long as the page */ }
}

/** JSON over HTTP; a refusal rejects with the server's {code, message}. */
export async function api(method, path, body) {
  let response;
  try {
    response = await fetch(path, {
      method,
      headers: body === undefined ? {} : { "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw { code: "offline", message: "" };
  }
  const data = await response.json().catch(() => ({}));
  if (!response.ok) throw { code: data.code || `http_${response.status}`, message: data.message || "" };
  return data;
}

export class RoomClient {
  constructor(code, token, handlers) {
    this.code = code;
    this.token = token;
    this.handlers = handlers;
    this.version = -1;
    this.epoch = null;
    this.held = null; // the last state this socket was sent, whole: patches apply to it
    this.syncing = false; // a patch did not follow it: the full state is asked for
    this.ws = null;
    this.status = "connecting";
    this.attempts = 0;
    this.retryTimer = null;
    this.pingTimer = null;
    this.deadline = null;
    this.pending = new Map(); // action id -> {message, resolve, reject, timer}
    this.offset = 0; // the server's clock minus ours, ms (turn clocks' deadlines)
    this.rtt = Infinity; // the quickest ping's round trip, whose offset is kept
    this.pingAt = 0;
    this.command_ = null; // the last host command waiting for its answer
    this.stopped = false;
  }

  start() {
    this.connect();
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible") this.wake();
    });
    window.addEventListener("online", () => this.wake());
    window.addEventListener("pageshow", (event) => { if (event.persisted) this.wake(); });
    this.pingTimer = setInterval(() => {
      if (document.visibilityState === "visible") this.probe();
    }, PING_EVERY);
  }

  /** The page came back (phone woke, tab shown, network back): make sure we are live. */
  wake() {
    if (this.stopped) return;
    if (!this.ws || this.ws.readyState > WebSocket.OPEN) {
      this.attempts = 0;
      this.connect();
    } else if (this.ws.readyState === WebSocket.OPEN) {
      this.probe();
    }
  }

  /** Ping; if nothing at all comes back soon, the socket is dead: replace it. */
  probe() {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN || this.deadline) return;
    const ws = this.ws;
    this.deadline = setTimeout(() => {
      this.deadline = null;
      if (this.ws === ws) {
        ws.close();
        this.dropped(ws, { code: 1006, reason: "" });
      }
    }, PING_DEADLINE);
    this.pingAt = Date.now();
    this.raw({ type: "ping" });
  }

  /** The server's time, s since 1970. */
  serverNow() {
    return (Date.now() + this.offset) / 1000;
  }

  /** A pong at server time `now`: half the round trip was the way back. */
  timed({ now }) {
    const at = Date.now();
    const rtt = at - this.pingAt;
    if (!this.pingAt || rtt > this.rtt * 2) return;
    this.pingAt = 0;
    this.rtt = Math.min(this.rtt, rtt);
    this.offset = now * 1000 - at + rtt / 2;
  }

  connect() {
    clearTimeout(this.retryTimer);
    if (this.stopped) return;
    if (this.ws && this.ws.readyState <= WebSocket.OPEN) return;
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const query = this.token ? `&token=${encodeURIComponent(this.token)}` : "";
    const ws = new WebSocket(`${scheme}://${location.host}/ws/${this.code}?patches=1${query}`);
    this.ws = ws;
    this.held = null;
    this.syncing = false;
    this.setStatus("connecting");
    ws.onopen = () => {
      if (this.ws !== ws) return;
      this.attempts = 0;
      this.setStatus("online");
      for (const item of this.pending.values()) ws.send(JSON.stringify(item.message));
      this.probe();
    };
    ws.onmessage = (event) => {
      if (this.ws !== ws) return;
      clearTimeout(this.deadline);
      this.deadline = null;
      let message;
      try { message = readMessage(event.data); } catch { return; }
      this.receive(message);
    };
    ws.onclose = (event) => this.dropped(ws, event);
  }

  dropped(ws, event) {
    if (this.ws !== ws) return;
    this.ws = null;
    clearTimeout(this.deadline);
    this.deadline = null;
    if (event.code === 1008) {
      this.stop();
      this.setStatus("offline");
      this.handlers.onFatal?.(event.reason || "bad_token");
      return;
    }
    this.setStatus(navigator.onLine === false ? "offline" : "connecting");
    const delay = Math.min(BACKOFF_MAX, BACKOFF_MIN * 2 ** this.attempts);
    this.attempts += 1;
    this.retryTimer = setTimeout(() => this.connect(), delay * (0.75 + Math.random() * 0.5));
  }

  stop() {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    clearInterval(this.pingTimer);
    for (const item of this.pending.values()) clearTimeout(item.timer);
    this.pending.clear();
  }

  setStatus(status) {
    if (status === this.status) return;
    this.status = status;
    this.handlers.onStatus?.(status);
  }

  /** The whole state a patch message makes, or null if it does not follow the one held. */
  patched(message) {
    const held = this.held;
    if (!held || this.syncing || message.base !== held.version) {
      if (!this.syncing) this.syncing = this.raw({ type: "sync" });
      return null;
    }
    const { ref, ...rest } = held;
    const state = applyPatch(rest, message.patch);
    state.version = message.version;
    state.room = { ...state.room, version: message.version }; // patches never repeat it
    if (message.ref) state.ref = message.ref;
    return state;
  }

  receive(message) {
    if (message.type === "patch") {
      message = this.patched(message);
      if (!message) return;
    } else if (message.type === "state") {
      this.syncing = false;
    }
    if (message.type === "state") {
      this.held = message;
      const rebased = this.epoch !== null && message.epoch !== this.epoch;
      if (message.version < this.version && !rebased) return; // stale: we have something newer
      const command = this.command_;
      if (command && (message.version > command.version || rebased)) {
        this.command_ = null;
        clearTimeout(command.timer);
        command.resolve(message);
      }
      this.version = message.version;
      this.epoch = message.epoch;
      this.handlers.onState?.(message);
      if (message.ref && this.pending.has(message.ref)) this.settle(message.ref).resolve(message);
    } else if (message.type === "pong") {
      this.timed(message);
    } else if (message.type === "error") {
      const error = { code: message.code, message: message.message };
      if (message.ref && this.pending.has(message.ref)) {
        this.settle(message.ref).reject(error);
      } else if (this.command_ && !message.ref) {
        const command = this.command_;
        this.command_ = null;
        clearTimeout(command.timer);
        command.reject(error);
      } else {
        this.handlers.onError?.(error);
      }
    }
  }

  settle(id) {
    const item = this.pending.get(id);
    this.pending.delete(id);
    clearTimeout(item.timer);
    return item;
  }

  raw(message) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) {
      this.ws.send(JSON.stringify(message));
      return true;
    }
    return false;
  }

  /** Send a game action; resolves with the state it made, rejects with the refusal. */
  act(action) {
    const id = newId();
    const message = { type: "action", id, action };
    return new Promise((resolve, reject) => {
      // No answer in time (e.g. a resend the server had already applied): the views tell
      // the truth anyway, so just stop waiting.
      const timer = setTimeout(() => { if (this.pending.has(id)) this.settle(id).resolve(null); },
                               ACK_TIMEOUT);
      this.pending.set(id, { message, resolve, reject, timer });
      this.raw(message);
    });
  }

  /** Send a host command ({type: "start"}…); resolves on the next change, rejects on refusal. */
  command(message) {
    if (this.command_) {
      clearTimeout(this.command_.timer);
      this.command_.resolve(null);
    }
    return new Promise((resolve, reject) => {
      if (!this.raw(message)) {
        reject({ code: "offline", message: "" });
        return;
      }
      const timer = setTimeout(() => {
        if (this.command_?.timer === timer) { this.command_ = null; resolve(null); }
      }, ACK_TIMEOUT);
      this.command_ = { version: this.version, resolve, reject, timer };
    });
  }
}
