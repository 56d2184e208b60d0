// The live class without its pages: the API's class endpoints, the keys kept in this browser,
// and the event stream that survives reloads, Wi-Fi loss and a server restart. No DOM here
// (live.js draws the teacher's panel and the student's bar, live-join.js the join page).

const API_ROOT = document.body.dataset.apiRoot || "/api";

// Keys stay in this browser: localStorage survives a reload, a closed lid and a restarted
// browser; sessionStorage remembers which role this tab plays, so that a teacher may try the
// student's view in a second tab.
const STORE = { teacher: "chessviz-live-teacher", student: "chessviz-live-student" };
const ROLE = "chessviz-live-role";

/** An error of the class API, with the contract's code (or "network" when no answer came). */
export class LiveError extends Error {
  constructor(status, { code, message }) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

/** Call a class endpoint: method, path under /api/classes, JSON body, the key. Returns the JSON answer (or null for 204). */
export async function call(method, path, { body = undefined, key = null } = {}) {
  const headers = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (key) headers.Authorization = `Bearer ${key}`;
  let response;
  try {
    response = await fetch(`${API_ROOT}/classes${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      cache: "no-store",
    });
  } catch {
    throw new LiveError(0, { code: "network", message: "the server cannot be reached" });
  }
  if (response.status === 204) return null;
  const data = await response.json().catch(() => null);
  if (!response.ok)
    throw new LiveError(response.status, data?.error ?? { code: "http_error", message: `HTTP ${response.status}` });
  return data;
}

/** Read a kept record (teacher or student), or null. */
export function kept(role) {
  try {
    return JSON.parse(localStorage.getItem(STORE[role]) || "null");
  } catch {
    return null;
  }
}

/** Keep (or, with null, forget) a record. */
export function keep(role, record) {
  if (record) localStorage.setItem(STORE[role], JSON.stringify(record));
  else localStorage.removeItem(STORE[role]);
}

/** The role this tab plays: the one it took, else teacher if this browser teaches a class, else student. */
export function tabRole() {
  const taken = sessionStorage.getItem(ROLE);
  if (taken && kept(taken)) return taken;
  if (kept("teacher")) return "teacher";
  if (kept("student")) return "student";
  return null;
}

export function takeRole(role) {
  if (role) sessionStorage.setItem(ROLE, role);
  else sessionStorage.removeItem(ROLE);
}

/** A class code as typed (any case, spaces and dashes) in its stored form, or null. */
export function normalizeCode(text, alphabet, length) {
  const code = String(text ?? "")
    .replace(/[\s-]/g, "")
    .toUpperCase();
  return code.length === length && [...code].every((c) => alphabet.includes(c)) ? code : null;
}

/**
 * A value answer as the class reads it: a yes-or-no one in the question's words ("0 (light)"), a
 * small number in decimal first, then in hex ("129 (0x81)"), a big one in hex.
 */
export function valueText(hex, words = []) {
  const value = BigInt(hex);
  if (value < BigInt(words.length)) return `${value} (${words[Number(value)]})`;
  return value < 1000000n ? `${value} (0x${value.toString(16)})` : hex;
}

/** The page path with its state, as students should see it: no presenter mode, no one's own answers, no worksheet or its key. */
export function viewPath(href = window.location.href) {
  const url = new URL(href);
  for (const key of ["present", "pred", "rev", "ans", "sheet", "seed", "key"]) url.searchParams.delete(key);
  const query = url.searchParams.toString();
  return url.pathname + (query ? `?${query}` : "");
}

/**
 * The teacher's view from two sources: the class's stream, whose views come in order (heard()),
 * and an answer asked for (latest(ask)). An answer is followed only if no view was heard while it
 * was asked: it is older than that view (the teacher, revealing, shows the answers again; the view
 * before, answers hidden, would hide them). latest() gives the view asked for, or null.
 */
export function viewOrder() {
  let heard = 0;
  return {
    heard() {
      heard += 1;
    },
    async latest(ask) {
      const before = heard;
      const view = await ask();
      return heard === before ? view : null;
    },
  };
}

/**
 * Follow a class's events. onEvent(type, data, id) for each; onState("live" | "reconnecting" |
 * "unavailable" | "ended") when the connection changes. The last event id is kept through
 * `lastId` (get/set), so a reload resumes where it stopped. When the stream fails for good
 * (EventSource gives up on a 503 or 404), the class is asked after every few seconds: 404
 * means it ended, a class answer means reconnect. Returns { close() }.
 */
export function follow(code, { onEvent, onState, lastId }) {
  let source = null;
  let timer = null;
  let closed = false;
  const types = ["view", "question", "reveal", "ended"];

  function open() {
    if (closed) return;
    const last = lastId.get();
    const query = last ? `?last_event_id=${encodeURIComponent(last)}` : "";
    source = new EventSource(`${API_ROOT}/classes/${code}/events${query}`);
    source.addEventListener("open", () => onState("live"));
    for (const type of types) {
      source.addEventListener(type, (event) => {
        if (event.lastEventId) lastId.set(event.lastEventId);
        let data = {};
        try {
          data = JSON.parse(event.data);
        } catch {
          return;
        }
        onEvent(type, data, event.lastEventId);
        if (type === "ended") stop();
      });
    }
    source.addEventListener("error", () => {
      if (closed) return;
      if (source.readyState === EventSource.CLOSED) {
        source = null;
        check();
      } else onState("reconnecting");
    });
  }

  // The stream was refused (or the server went away): ask whether the class is still there.
  async function check() {
    if (closed) return;
    try {
      await call("GET", `/${code}`);
      open();
    } catch (error) {
      if (error.status === 404) {
        onState("ended");
        stop();
        return;
      }
      onState(error.status === 503 || error.status === 0 ? "unavailable" : "reconnecting");
      timer = setTimeout(check, 3000);
    }
  }

  function stop() {
    closed = true;
    clearTimeout(timer);
    source?.close();
  }

  open();
  return { close: stop };
}
