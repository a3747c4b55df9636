// The JSON API of `tatsu serve` (docs/serve.md, "JSON API"): one function per endpoint. The page keeps the game
// (start FEN and moves) and sends it whole with every request; the server keeps nothing.

export class ApiError extends Error {
  constructor(status, body) {
    super(body && body.error ? body.error : `HTTP ${status}`);
    this.status = status;
    this.body = body || {};
  }
}

async function call(method, path, body) {
  const init = { method, headers: {} };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  const response = await fetch(path, init);
  if (response.status === 204) return null;
  let data = null;
  try {
    data = await response.json();
  } catch {
    data = null;
  }
  if (!response.ok) throw new ApiError(response.status, data);
  return data;
}

export const games = () => call("GET", "/api/games");
export const game = (id) => call("GET", `/api/games/${encodeURIComponent(id)}`);
export const position = (req) => call("POST", "/api/position", req);
export const piece = (req) => call("POST", "/api/piece", req);
export const pgn = (req) => call("POST", "/api/pgn", req);
export const balanceRecords = (req) => call("POST", "/api/balance/records", req);
export const cancelJob = (job) => call("DELETE", `/api/jobs/${encodeURIComponent(job)}`).catch(() => null);

// Starts a search, perft or balance job and streams its events: `handlers` maps event names (iteration, progress,
// divide, done, error) to functions of the event's data. Returns {job, stop, cancel}: stop() cancels the job and
// closes the stream; cancel() only cancels it, and the stream brings what the job sends at its end (a balance run
// reports the games it finished).
export async function startJob(kind, req, handlers) {
  const { job } = await call("POST", `/api/${kind}`, req);
  const source = new EventSource(`/api/jobs/${encodeURIComponent(job)}/events`);
  let finished = false;
  const finish = () => {
    finished = true;
    source.close();
  };
  for (const name of ["iteration", "progress", "divide"]) {
    source.addEventListener(name, (e) => handlers[name] && handlers[name](JSON.parse(e.data)));
  }
  source.addEventListener("done", (e) => {
    finish();
    if (handlers.done) handlers.done(JSON.parse(e.data));
  });
  source.addEventListener("error", (e) => {
    if (finished) return;
    finish();
    const data = e.data ? JSON.parse(e.data) : { error: "the event stream closed" };
    if (handlers.error) handlers.error(data);
  });
  return {
    job,
    stop() {
      if (finished) return;
      finish();
      cancelJob(job);
    },
    cancel() {
      if (!finished) cancelJob(job);
    },
  };
}

// Subscribes to file changes: `onChange` receives {id, version, ok, diagnostics}, first each file's state as the
// stream opens (a save before the page watched), then each change.
export function watch(onChange) {
  const source = new EventSource("/api/watch");
  for (const name of ["state", "change"]) source.addEventListener(name, (e) => onChange(JSON.parse(e.data)));
  return source;
}
