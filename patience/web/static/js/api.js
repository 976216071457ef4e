// A small fetch wrapper: JSON in, JSON out; errors carry the server's one-sentence detail.
// Every change carries the header X-Patience: 1 (the server refuses changes that have neither it
// nor a JSON body, so that no form on another site can make one).

export class ApiError extends Error {
  constructor(status, detail) {
    super(detail);
    this.status = status;
    this.detail = detail;
  }
}

async function request(method, path, body, raw = false) {
  const init = { method, headers: { Accept: "application/json" }, credentials: "same-origin" };
  if (method !== "GET") init.headers["X-Patience"] = "1";
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = raw ? body : JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(path, init);
  } catch (err) {
    throw new ApiError(0, "");
  }
  let data = null;
  const text = await response.text();
  if (text) {
    try {
      data = JSON.parse(text);
    } catch (err) {
      data = null;
    }
  }
  if (!response.ok) {
    let detail = data && typeof data.detail === "string" ? data.detail : "";
    if (!detail && data && Array.isArray(data.detail) && data.detail[0] && data.detail[0].msg) {
      detail = String(data.detail[0].msg);
    }
    throw new ApiError(response.status, detail);
  }
  return data;
}

export const api = {
  get: (path) => request("GET", path),
  post: (path, body = {}) => request("POST", path, body),
  /** POST a JSON text as it is (a file the player chose). */
  postText: (path, text) => request("POST", path, text, true),
  del: (path) => request("DELETE", path),
};
