// Fetch JSON from the chessviz API. Identical requests share one promise (the API is pure),
// so redraws never ask twice. Errors carry the contract's {code, message, param}.
// askAhead() asks /api/taps, in one request, for every answer a tap on a board may need
// next; api() then takes such an answer from memory instead of the network.

import { withChanges } from "./changes.js";

const ROOT = document.body.dataset.apiRoot || "/api";
const cache = new Map(); // request key -> promise of the answer
const AHEAD_KEPT = 3; // the answers of the last few /api/taps requests, newest first (one can be a few MB)
const ahead = []; // [Map(request key -> {status, body})]
const asked = new Map(); // /api/taps URL -> its promise, so one state's taps are asked once

export class ApiError extends Error {
  constructor({ code, message, param }) {
    super(message);
    this.code = code;
    this.param = param;
  }
}

/** Return a query string of the given values (BigInts as 0x.., null and undefined left out). */
export function queryString(params) {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== null && value !== undefined)
      query.set(key, typeof value === "bigint" ? `0x${value.toString(16)}` : String(value));
  }
  return query.toString();
}

/** Return the key of a request in memory: its path and query, names sorted (a tap batch lists them in its own order). */
const requestKey = (path, params) =>
  `${path}?${queryString(Object.fromEntries(Object.entries(params).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))))}`;

/** Return the answer a tap batch holds for this request, as api() would resolve or reject it; undefined if none. */
function answeredAhead(key) {
  for (const answers of ahead) {
    const entry = answers.get(key);
    if (!entry) continue;
    if (entry.status !== 200) return Promise.reject(new ApiError(entry.body.error));
    // An answer told apart is built when tapped, from its endpoint's first answer in the batch.
    return new Promise((resolve) => resolve("like" in entry ? withChanges(entry.base, entry.changes) : entry.body));
  }
  return undefined;
}

function fetchJson(url) {
  return fetch(url, { headers: { Accept: "application/json" } }).then(async (response) => {
    const body = await response
      .json()
      .catch(() => ({ error: { code: "bad_response", message: `HTTP ${response.status}`, param: null } }));
    if (!response.ok) throw new ApiError(body.error || { code: "http_error", message: `HTTP ${response.status}`, param: null });
    return body;
  });
}

/** Return the parsed JSON of GET <root><path>?<params>; throws ApiError on a 4xx body. */
export function api(path, params = {}) {
  const key = requestKey(path, params);
  if (!cache.has(key)) {
    const request = answeredAhead(key) ?? fetchJson(`${ROOT}${path}?${queryString(params)}`);
    request.catch(() => cache.delete(key)); // errors are not cached: the next try asks again
    if (cache.size > 500) cache.clear();
    cache.set(key, request);
  }
  return cache.get(key);
}

/** Return api()'s promise for a request already made, or undefined: nothing is asked. */
export function askedBefore(path, params = {}) {
  return cache.get(requestKey(path, params));
}

/**
 * Ask, in one request, for the answers a tap on a board may need next: `tap` says what a tap
 * on a square changes (as /api/taps reads it, e.g. "sq;occupied^"), `requests` lists the
 * [path, params] the page asks for the state on screen, `follow` is /api/taps's option. Resolves
 * once those answers are in memory, for api() to take. Never rejects: a tap it could not ask
 * ahead for asks the network, as before.
 */
export function askAhead({ tap, requests, follow = null }) {
  const params = { tap, follow };
  for (const [path, query] of requests) params[path.slice(1)] = queryString(query);
  const url = `${ROOT}/taps?${queryString(params)}`;
  if (!asked.has(url)) {
    const batch = fetchJson(url).then(
      ({ answers }) =>
        new Map(answers.map((e) => [requestKey(e.path, e.query), "like" in e ? { ...e, base: answers[e.like].body } : e])),
    );
    batch.catch(() => asked.delete(url));
    if (asked.size >= AHEAD_KEPT) asked.delete(asked.keys().next().value);
    asked.set(url, batch);
  }
  return asked.get(url).then(
    (answers) => {
      // Newest first: a state seen again brings its answers back to the front.
      const at = ahead.indexOf(answers);
      if (at >= 0) ahead.splice(at, 1);
      ahead.unshift(answers);
      ahead.length = Math.min(ahead.length, AHEAD_KEPT);
    },
    () => {},
  );
}
