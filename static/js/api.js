// Fetch JSON from the chessviz API. Identical requests share one promise (the API is pure),
// so redraws never ask twice. Errors carry the contract's {code, message, param}.

const ROOT = document.body.dataset.apiRoot || "/api";
const cache = new Map();

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

/** Return the parsed JSON of GET <root><path>?<params>; throws ApiError on a 4xx body. */
export function api(path, params = {}) {
  const url = `${ROOT}${path}?${queryString(params)}`;
  if (!cache.has(url)) {
    const request = fetch(url, { headers: { Accept: "application/json" } }).then(async (response) => {
      const body = await response
        .json()
        .catch(() => ({ error: { code: "bad_response", message: `HTTP ${response.status}`, param: null } }));
      if (!response.ok) throw new ApiError(body.error || { code: "http_error", message: `HTTP ${response.status}`, param: null });
      return body;
    });
    request.catch(() => cache.delete(url)); // errors are not cached: the next try asks again
    if (cache.size > 500) cache.clear();
    cache.set(url, request);
  }
  return cache.get(url);
}
