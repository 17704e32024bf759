//! The routes of the API: each request's method and path to the games, the sessions and
//! their actions. Bodies are JSON objects; unknown fields are ignored.

use super::error::ApiError;
use super::games::{Games, load_file, short};
use super::session::{Session, Setup, side_name};
use super::state::state_json;
use super::store::{Shared, Store};
use crate::front::Side;
use crate::record::{GameRecord, Header, Outcome, parse_records, replay, replay_actions};
use serde::Deserialize;
use serde_json::Value;

/// The shortest and the longest AI thinking time a session may ask for.
pub const THINK_MS: std::ops::RangeInclusive<u64> = 10..=60_000;

/// What a request gets back.
pub enum Reply {
    /// JSON with a status.
    Json(u16, String),
    /// Text with a status, content type and extra headers.
    Text(u16, &'static str, String, Vec<(&'static str, String)>),
    /// 204 No Content.
    Empty,
}

/// The server's games and sessions.
pub struct App {
    /// The games offered.
    pub games: Games,
    /// The open sessions.
    pub sessions: Store,
}

/// While armed, a thought under way: if the thinking request unwinds, the session is
/// marked as thinking no more and its waiters are woken.
struct Thinking<'a>(&'a Shared, bool);

impl Drop for Thinking<'_> {
    fn drop(&mut self) {
        if self.1 {
            self.0.lock().thinking = false;
            self.0.thought_ended();
        }
    }
}

/// `POST /api/sessions`.
#[derive(Deserialize, Default)]
struct Create {
    game: Option<String>,
    record: Option<String>,
    sides: Option<Vec<String>>,
    think_ms: Option<u64>,
    seed: Option<u64>,
}

/// `POST …/play`.
#[derive(Deserialize)]
struct Play {
    action: String,
}

/// `POST …/resign`.
#[derive(Deserialize, Default)]
struct Resign {
    player: Option<usize>,
}

/// `POST …/draw`.
#[derive(Deserialize, Default)]
struct Draw {
    player: Option<usize>,
    accepted: Option<bool>,
}

/// The body as `T`: 400 bad-json when it is not JSON, bad-request when it is not such an
/// object. An empty body is `{}`.
fn body<T: for<'de> Deserialize<'de>>(bytes: &[u8]) -> Result<T, ApiError> {
    let text = if bytes.iter().all(u8::is_ascii_whitespace) { b"{}".as_slice() } else { bytes };
    let v: Value = serde_json::from_slice(text).map_err(|e| ApiError::BadJson(e.to_string()))?;
    if !v.is_object() {
        return Err(ApiError::BadRequest("the body must be a JSON object".to_string()));
    }
    serde_json::from_value(v).map_err(|e| ApiError::BadRequest(format!("bad field: {e}")))
}

/// A path segment with its `%XX` escapes decoded (as it is, when that is no UTF-8).
fn percent_decoded(seg: &str) -> String {
    let b = seg.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        let hex =
            b.get(i + 1..i + 3).and_then(|h| std::str::from_utf8(h).ok()).and_then(|h| u8::from_str_radix(h, 16).ok());
        match (b[i], hex) {
            (b'%', Some(x)) => {
                out.push(x);
                i += 3;
            }
            (c, _) => {
                out.push(c);
                i += 1;
            }
        }
    }
    String::from_utf8(out).unwrap_or_else(|_| seg.to_string())
}

/// Whether the query asks for the board turned (`flip=1`).
fn flipped(q: &str) -> bool {
    matches!(query(q, "flip"), Some("1" | "true" | ""))
}

/// The query's value of `name`, if any.
fn query<'a>(q: &'a str, name: &str) -> Option<&'a str> {
    q.split('&').find_map(|kv| match kv.split_once('=') {
        Some((k, v)) if k == name => Some(v),
        None if kv == name => Some(""),
        _ => None,
    })
}

impl App {
    /// Answers a request to `/api/…` (`rest`: the path after `/api/`).
    pub fn api(&self, method: &str, rest: &str, q: &str, bytes: &[u8]) -> Result<Reply, ApiError> {
        let decoded: Vec<String> = rest.split('/').map(percent_decoded).collect();
        let parts: Vec<&str> = decoded.iter().map(String::as_str).collect();
        let allow = |ok: &str| -> Result<(), ApiError> {
            if method == ok {
                Ok(())
            } else {
                Err(ApiError::MethodNotAllowed(format!("{method} /api/{}", short(rest))))
            }
        };
        match parts[..] {
            ["games"] => {
                allow("GET")?;
                Ok(json(200, &self.games.list_json()))
            }
            ["games", id, "rules"] => {
                allow("GET")?;
                let l = self.games.get(id)?.load()?;
                Ok(json(200, &serde_json::json!({"text": crate::render::rulebook(&l.game)})))
            }
            ["sessions"] => {
                allow("POST")?;
                self.create(bytes)
            }
            ["sessions", id] => match method {
                "GET" => self.show(id, q),
                "DELETE" => self.sessions.remove(id).map(|()| Reply::Empty),
                _ => Err(ApiError::MethodNotAllowed(format!("{method} /api/sessions/ID"))),
            },
            ["sessions", id, "record"] => {
                allow("GET")?;
                self.record(id)
            }
            ["sessions", id, what @ ("play" | "ai" | "undo" | "redo" | "resign" | "draw")] => {
                allow("POST")?;
                self.act(id, what, flipped(q), bytes)
            }
            _ => Err(ApiError::NotFound(format!("/api/{}", short(rest)))),
        }
    }

    /// `GET /api/sessions/{id}`: the state, turned with `flip=1`, at `ply=N`.
    fn show(&self, id: &str, q: &str) -> Result<Reply, ApiError> {
        let flip = flipped(q);
        let ply = match query(q, "ply") {
            None => None,
            Some(n) => Some(n.parse::<usize>().map_err(|_| {
                ApiError::BadRequest(format!("ply must be a whole number of actions, not `{}`", short(n)))
            })?),
        };
        let shared = self.sessions.get(id)?;
        let s = shared.lock();
        Ok(json(200, &state_json(&s, id, flip, ply)?))
    }

    /// `POST …/play`, `/ai`, `/undo`, `/redo`, `/resign`, `/draw`: the state afterwards.
    fn act(&self, id: &str, what: &str, flip: bool, bytes: &[u8]) -> Result<Reply, ApiError> {
        let shared = self.sessions.get(id)?;
        if what == "ai" {
            return self.machine(&shared, id, flip);
        }
        let mut s = shared.lock();
        match what {
            "play" => s.play(&body::<Play>(bytes)?.action)?,
            "undo" => s.undo()?,
            "redo" => s.redo()?,
            "draw" => {
                let d = body::<Draw>(bytes)?;
                s.draw(d.player, d.accepted)?
            }
            _ => s.resign(body::<Resign>(bytes)?.player)?,
        }
        Ok(json(200, &state_json(&s, id, flip, None)?))
    }

    /// `POST …/ai`: the AI thinks with the session unlocked (the page may reload
    /// meanwhile); a second request while it thinks waits for its move and answers the
    /// state after it.
    fn machine(&self, shared: &Shared, id: &str, flip: bool) -> Result<Reply, ApiError> {
        let mut s = shared.lock();
        if s.thinking {
            drop(s);
            return Ok(json(200, &state_json(&shared.after_thought(), id, flip, None)?));
        }
        let think = s.machine()?;
        drop(s);
        if let Some(t) = think {
            let mut guard = Thinking(shared, true);
            let choice = t.run();
            let mut s = shared.lock();
            guard.1 = false;
            s.thinking = false;
            let played = choice.and_then(|c| s.machine_play(&t, c));
            drop(s);
            shared.thought_ended();
            played?;
        }
        Ok(json(200, &state_json(&shared.lock(), id, flip, None)?))
    }

    /// `GET …/record`: the game record as a file.
    fn record(&self, id: &str) -> Result<Reply, ApiError> {
        let shared = self.sessions.get(id)?;
        let mut s = shared.lock();
        let text = s.record_text()?;
        let name = s.setup.game_id.clone();
        let disposition = format!("attachment; filename=\"{name}.pgn\"");
        Ok(Reply::Text(200, "text/plain; charset=utf-8", text, vec![("Content-Disposition", disposition)]))
    }

    /// `POST /api/sessions`: a new game, from the start or from a record.
    fn create(&self, bytes: &[u8]) -> Result<Reply, ApiError> {
        let c: Create = body(bytes)?;
        let think_ms = c.think_ms.unwrap_or(1000);
        if !THINK_MS.contains(&think_ms) {
            return Err(ApiError::BadRequest(format!("think_ms must be {} to {}", THINK_MS.start(), THINK_MS.end())));
        }
        let seed = c.seed.unwrap_or_else(|| {
            std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(1, |d| d.as_nanos() as u64)
        });
        let session = match &c.record {
            Some(text) => self.loaded_game(&c, text, think_ms, seed)?,
            None => self.new_game(&c, think_ms, seed)?,
        };
        let (id, shared) = self.sessions.insert(session);
        let s = shared.lock();
        Ok(json(201, &state_json(&s, &id, false, None)?))
    }

    /// A new game of `c.game` from its setup.
    fn new_game(&self, c: &Create, think_ms: u64, seed: u64) -> Result<Session, ApiError> {
        let id = c.game.as_deref().ok_or_else(|| ApiError::BadRequest("give `game` (or `record`)".to_string()))?;
        let entry = self.games.get(id)?;
        let l = entry.load()?;
        let sides = sides(c.sides.as_deref(), l.game.np())?;
        let header = Header::new(&entry.path_text(), &l.bytes, &[], players(&sides, think_ms));
        let r = replay_actions(&l.game, None, &[], false).map_err(|e| ApiError::BadGame(e.to_string()))?;
        let setup = Setup { game_id: entry.id.clone(), sides, think_ms, seed, header, ended: None };
        Session::new(l.game.clone(), setup, r)
    }

    /// A game that goes on from a record's text (its first game).
    fn loaded_game(&self, c: &Create, text: &str, think_ms: u64, seed: u64) -> Result<Session, ApiError> {
        let bad = |e: &dyn std::fmt::Display| ApiError::BadRecord(format!("the record does not load: {e}"));
        let rec =
            parse_records(text).map_err(|e| bad(&e))?.into_iter().next().ok_or_else(|| bad(&"it holds no game"))?;
        let entry = match (&c.game, rec.game_path()) {
            (Some(id), _) => self.games.get(id)?,
            (None, Some(path)) => self
                .games
                .for_record(path)
                .ok_or_else(|| bad(&format!("its game `{}` is none of this server's games", short(path))))?,
            (None, None) => return Err(bad(&"it names no game (a Game tag); give `game` too")),
        };
        let options = rec.options();
        let owned;
        let l = if options.is_empty() {
            entry.load()?
        } else {
            owned = load_file(&entry.path, &options).map_err(|e| bad(&e))?;
            &owned
        };
        let g = l.game.clone();
        let r = replay(&g, &rec, Some(&l.bytes)).map_err(|e| bad(&e))?;
        let sides = sides(c.sides.as_deref(), g.np())?;
        let mut header = Header::new(&entry.path_text(), &l.bytes, &options, players(&sides, think_ms));
        header.start = r.start.clone();
        if let (Some(d), Some(t)) = (rec.tag("Date"), rec.tag("Time")) {
            (header.date, header.time) = (d.to_string(), t.to_string());
        }
        let warning = r.other_version.as_ref().map(|w| format!("warning: {w}"));
        let ended = resigned(&g, &rec, &r)?;
        let setup = Setup { game_id: entry.id.clone(), sides, think_ms, seed, header, ended };
        let mut s = Session::new(g, setup, r)?;
        s.events.splice(0..0, warning);
        Ok(s)
    }
}

/// The result of a record whose last position the end rules do not end (a resignation,
/// an agreed draw), with its `Termination`.
fn resigned(
    g: &crate::ir::Game,
    rec: &GameRecord,
    r: &crate::record::Replay,
) -> Result<Option<(Outcome, String)>, ApiError> {
    if rec.result == Outcome::Unfinished || g.verdict(&r.state, &r.history)?.is_some() {
        return Ok(None);
    }
    let why = rec.tag("Termination").unwrap_or("the record's result").to_string();
    Ok(Some((rec.result, why)))
}

/// The sides of a new session: `human`, `ai` or `random` for each player (default: all human).
fn sides(given: Option<&[String]>, np: usize) -> Result<Vec<Side>, ApiError> {
    let Some(given) = given else { return Ok(vec![Side::Human; np]) };
    if given.len() != np {
        return Err(ApiError::BadRequest(format!("`sides` needs {np} entries (one per player), not {}", given.len())));
    }
    given
        .iter()
        .map(|s| {
            Side::parse(s)
                .ok_or_else(|| ApiError::BadRequest(format!("side `{}`: expected human, ai or random", short(s))))
        })
        .collect()
}

/// How a record names each side: `human`, `random`, `ai (1000 ms)`.
fn players(sides: &[Side], think_ms: u64) -> Vec<String> {
    sides
        .iter()
        .map(|&s| if s == Side::Ai { format!("ai ({think_ms} ms)") } else { side_name(s).to_string() })
        .collect()
}

/// A JSON reply.
fn json(status: u16, v: &Value) -> Reply {
    Reply::Json(status, v.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn path_segments_and_queries() {
        assert_eq!(percent_decoded("a%2Db%c3%a9"), "a-bé");
        assert_eq!(percent_decoded("%ff%"), "%ff%");
        assert_eq!(percent_decoded("100%"), "100%");
        assert_eq!(query("ply=3&flip", "ply"), Some("3"));
        assert_eq!(query("ply=3&flip", "flip"), Some(""));
        assert_eq!(query("plyx=3", "ply"), None);
        assert!(flipped("flip=1") && flipped("x=2&flip") && !flipped("flip=0"));
    }

    #[test]
    fn bodies_are_objects_with_known_fields() {
        assert!(matches!(body::<Resign>(b"  "), Ok(Resign { player: None })));
        assert!(matches!(body::<Resign>(br#"{"player":1,"other":[]}"#), Ok(Resign { player: Some(1) })));
        assert_eq!(body::<Resign>(b"{").err().map(|e| e.code()), Some("bad-json"));
        assert_eq!(body::<Resign>(b"3").err().map(|e| e.code()), Some("bad-request"));
        assert_eq!(body::<Resign>(br#"{"player":-1}"#).err().map(|e| e.code()), Some("bad-request"));
        assert_eq!(body::<Play>(b"{}").err().map(|e| e.code()), Some("bad-request"));
    }
}
