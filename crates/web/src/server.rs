//! The server: the live games (each behind its own lock, found by a random id), their
//! expiry, cap and per-client allowance, Pig's solved tables (each solved once), and the
//! HTTP routes of the page and the JSON API behind the checks of [`crate::guard`]. The
//! connections themselves (timeouts, their cap, shutdown) are [`crate::listen`]'s.

use std::collections::{HashMap, VecDeque};
use std::fmt;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, OnceLock, PoisonError};
use std::time::{Duration, Instant};

use axum::Router;
use axum::body::Body;
use axum::extract::{ConnectInfo, FromRequest, FromRequestParts, Request, State};
use axum::http::request::Parts;
use axum::http::{HeaderValue, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use http_body_util::{BodyExt, LengthLimitError, Limited};
use serde_json::{Map, Value, json};

use crate::assets;
use crate::error::ApiError;
use crate::extract::Segment;
use crate::games::Entry;
use crate::guard::{self, Client, Hosts};
use crate::kind::Kind;
use crate::table::Table;

/// The largest request body the API reads (an action is a few dozen bytes).
pub const MAX_BODY: usize = 16 * 1024;

/// How the server bounds itself, and whom it answers (the reasons of each default are in
/// `docs/web.md`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Config {
    /// The most games alive at once; a start request beyond it is refused (503).
    pub max_games: usize,
    /// A game nobody has asked about for this long is dropped.
    pub idle: Duration,
    /// The most live games one client (an address, see [`Client`]) may hold (429 beyond).
    pub games_per_client: usize,
    /// The time a client has to send a request's head, and the longest a kept-alive
    /// connection may wait for its next request.
    pub header_timeout: Duration,
    /// The time a client has to send a request's body once its head is in.
    pub body_timeout: Duration,
    /// The most connections open at once.
    pub max_connections: usize,
    /// The most connections open at once from one client.
    pub connections_per_client: usize,
    /// After SIGINT or SIGTERM, how long requests in flight may take before the
    /// server exits regardless.
    pub shutdown_grace: Duration,
    /// The address the server is bound to (with its real port): the `Host` and
    /// `Origin` it answers to ([`Hosts`]).
    pub addr: SocketAddr,
    /// More names to answer to (`--allow-host`).
    pub allow_hosts: Vec<String>,
}

impl Config {
    /// The default cap on live games.
    pub const DEFAULT_MAX_GAMES: usize = 10_000;
    /// The default idle time before a game expires: 30 minutes.
    pub const DEFAULT_IDLE: Duration = Duration::from_secs(30 * 60);
    /// The default allowance of live games per client: a tenth of the default cap.
    pub const DEFAULT_GAMES_PER_CLIENT: usize = 1_000;
    /// The default time to send a request's head (and the keep-alive idle time).
    pub const DEFAULT_HEADER_TIMEOUT: Duration = Duration::from_secs(10);
    /// The default time to send a request's body.
    pub const DEFAULT_BODY_TIMEOUT: Duration = Duration::from_secs(10);
    /// The default cap on open connections: half the usual 1,024 open files.
    pub const DEFAULT_MAX_CONNECTIONS: usize = 512;
    /// The default cap on one client's open connections (a browser opens at most 6).
    pub const DEFAULT_CONNECTIONS_PER_CLIENT: usize = 64;
    /// The default time requests in flight have after a stop signal.
    pub const DEFAULT_SHUTDOWN_GRACE: Duration = Duration::from_secs(3);
    /// The default address: loopback, port 8080.
    pub const DEFAULT_ADDR: SocketAddr = SocketAddr::new(IpAddr::V4(Ipv4Addr::LOCALHOST), 8080);
}

impl Default for Config {
    fn default() -> Config {
        Config {
            max_games: Config::DEFAULT_MAX_GAMES,
            idle: Config::DEFAULT_IDLE,
            games_per_client: Config::DEFAULT_GAMES_PER_CLIENT,
            header_timeout: Config::DEFAULT_HEADER_TIMEOUT,
            body_timeout: Config::DEFAULT_BODY_TIMEOUT,
            max_connections: Config::DEFAULT_MAX_CONNECTIONS,
            connections_per_client: Config::DEFAULT_CONNECTIONS_PER_CLIENT,
            shutdown_grace: Config::DEFAULT_SHUTDOWN_GRACE,
            addr: Config::DEFAULT_ADDR,
            allow_hosts: Vec::new(),
        }
    }
}

/// A live game: the table, its seed, when it was last asked about, and the last
/// request's lines (shown again to a page that reloads).
#[derive(Clone, Debug)]
pub struct Session {
    /// The game.
    pub table: Table,
    /// Its seed.
    pub seed: u64,
    /// Whether the start request chose the seed (then it is shown at once; a random
    /// seed is shown only when the game is over, since the seed tells every card to come).
    pub seed_chosen: bool,
    /// The last request that named it.
    pub last_used: Instant,
    /// What the last request's steps told.
    pub log: Lines,
}

/// The lines of a request as a page that reloads is sent them again. A short log is kept
/// as the JSON array its response gave (compact, one allocation). A long one (a War
/// played to its end tells 300 lines: 55 of the 60 KB a finished game held as
/// [`Entry`]s, 22 KB written out) is kept as what makes it again: the table as it was
/// before the request, and the request's action. A table is its whole state (its
/// generator and its agents' too), so that action played again on a copy tells the same
/// lines. The server's reads make them again once, and keep the [`MADE_LOGS_KEPT`] made
/// last; the session keeps only the table and the action (`tests/memory.rs` measures what
/// a finished game holds).
#[derive(Clone, Debug)]
pub struct Lines(Kept);

#[derive(Clone, Debug)]
enum Kept {
    Written(Box<str>),
    Again {
        before: Box<Table>,
        action: Box<Value>,
        /// Its own number, never another's: the key of its lines among the server's
        /// [`MADE_LOGS_KEPT`] made again last.
        key: u64,
    },
}

/// The next [`Kept::Again`]'s key.
static NEXT_KEY: AtomicU64 = AtomicU64::new(0);

/// How many long logs, made again for a page that reloads, the server keeps written out
/// as JSON text (the ones read last): each is at most [`crate::games::MAX_ENTRIES`]
/// lines, under 30 KB, so they hold under 1 MB, whatever the number of games. A
/// log read again while kept is not made again, and many reads of one log at once make it
/// once: the first makes it while the others wait for it, off the async workers.
pub const MADE_LOGS_KEPT: usize = 32;

/// A log being made again, or made: shared by every read that asks for it meanwhile.
type Made = Arc<OnceLock<Result<Arc<str>, ApiError>>>;

/// The long logs made again last (at most [`MADE_LOGS_KEPT`]), by their [`Kept::Again`]
/// key, the oldest dropped first.
#[derive(Debug, Default)]
struct MadeLogs {
    cells: HashMap<u64, Made>,
    order: VecDeque<u64>,
}

impl MadeLogs {
    /// The cell of the log `key`, new (and the oldest dropped) if it is not kept.
    fn cell(&mut self, key: u64) -> Made {
        if let Some(cell) = self.cells.get(&key) {
            return Arc::clone(cell);
        }
        if self.order.len() >= MADE_LOGS_KEPT
            && let Some(oldest) = self.order.pop_front()
        {
            self.cells.remove(&oldest);
        }
        self.order.push_back(key);
        Arc::clone(self.cells.entry(key).or_default())
    }
}

/// The lines `action` tells when played again on a copy of `before`.
fn made_again(before: &Table, action: &Value) -> Result<Vec<Entry>, ApiError> {
    Table::clone(before).act(action).map_err(|e| {
        ApiError::internal(format!(
            "broken invariant: the last request could not be played again: {e}"
        ))
    })
}

/// [`made_again`], written out as JSON.
fn made_again_written(before: &Table, action: &Value) -> Result<Arc<str>, ApiError> {
    serde_json::to_string(&made_again(before, action)?)
        .map(Arc::from)
        .map_err(|e| ApiError::internal(format!("the log could not be written: {e}")))
}

impl Lines {
    /// The longest log kept written out, in bytes of JSON: a few lines of a card game;
    /// about what a table's copy takes (a finished War of 8 played battle by battle
    /// holds 1.5 KB in all, `tests/memory.rs`).
    pub const WRITTEN_MAX: usize = 2048;

    /// The lines of `entries`, written out.
    pub fn new(entries: &[Entry]) -> Result<Lines, ApiError> {
        serde_json::to_string(entries)
            .map(|text| Lines(Kept::Written(text.into_boxed_str())))
            .map_err(|e| ApiError::internal(format!("the log could not be written: {e}")))
    }

    /// The lines `action` told when played on `before`: written out if short, else
    /// kept as the table and the action.
    pub fn of_action(entries: &[Entry], before: Table, action: &Value) -> Result<Lines, ApiError> {
        let lines = Lines::new(entries)?;
        Ok(match lines.0 {
            Kept::Written(text) if text.len() > Lines::WRITTEN_MAX => Lines(Kept::Again {
                before: Box::new(before),
                action: Box::new(action.clone()),
                key: NEXT_KEY.fetch_add(1, Ordering::Relaxed),
            }),
            kept => Lines(kept),
        })
    }

    /// The lines as the response's `log`, made again here if need be (the server's
    /// reads make a long log again once, off the async workers: [`MADE_LOGS_KEPT`]).
    pub fn to_json(&self) -> Result<Value, ApiError> {
        match &self.0 {
            Kept::Written(text) => serde_json::from_str(text)
                .map_err(|e| ApiError::internal(format!("the log could not be read back: {e}"))),
            Kept::Again { before, action, .. } => serde_json::to_value(made_again(before, action)?)
                .map_err(|e| ApiError::internal(format!("the log could not be written: {e}"))),
        }
    }
}

/// A game's id: 64 random bits, written as 16 lower-case hex digits (the only spelling
/// accepted).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GameId(pub u64);

impl fmt::Display for GameId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:016x}", self.0)
    }
}

impl GameId {
    /// Reads 16 lower-case hex digits (no sign, no upper case: one spelling per id).
    pub fn parse(text: &str) -> Option<GameId> {
        (text.len() == 16 && text.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f')))
            .then(|| u64::from_str_radix(text, 16).ok())
            .flatten()
            .map(GameId)
    }
}

/// A live game in the server's map, with the client that started it.
#[derive(Debug)]
struct Live {
    owner: Client,
    session: Arc<Mutex<Session>>,
}

/// The live games and how many each client holds.
#[derive(Debug, Default)]
struct Games {
    map: HashMap<GameId, Live>,
    per_client: HashMap<Client, usize>,
}

impl Games {
    fn remove(&mut self, id: &GameId) -> Option<Live> {
        let live = self.map.remove(id)?;
        self.release(live.owner);
        Some(live)
    }

    fn release(&mut self, owner: Client) {
        if let Some(n) = self.per_client.get_mut(&owner) {
            *n = n.saturating_sub(1);
            if *n == 0 {
                self.per_client.remove(&owner);
            }
        }
    }

    fn held_by(&self, client: Client) -> usize {
        self.per_client.get(&client).copied().unwrap_or(0)
    }
}

/// Everything the handlers share.
#[derive(Debug)]
pub struct AppState {
    config: Config,
    hosts: Hosts,
    games: Mutex<Games>,
    /// Replays being played again right now (at most [`MAX_REPLAYS_IN_FLIGHT`]).
    replaying: AtomicUsize,
    /// How many times a kept log was made again by playing its request again.
    logs_replayed: AtomicUsize,
    /// The long logs made again last.
    made_logs: Mutex<MadeLogs>,
}

/// How many `POST /api/replays` are played again at once: each holds its recording and
/// every frame in memory until its response is written, so a burst of them must not add
/// up (more are refused with 503 `busy`, to be tried again).
pub const MAX_REPLAYS_IN_FLIGHT: usize = 4;

/// The largest response of `POST /api/replays`, in bytes: a recording within
/// [`crate::replay::MAX_RECORDING`] whose frames would be larger is refused with 413.
pub const MAX_REPLAY_RESPONSE: usize = 16 << 20;

/// A place among the [`MAX_REPLAYS_IN_FLIGHT`] replays, given back when dropped.
struct ReplaySlot<'a>(&'a AtomicUsize);

impl<'a> ReplaySlot<'a> {
    fn take(count: &'a AtomicUsize) -> Result<ReplaySlot<'a>, ApiError> {
        count
            .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |n| {
                (n < MAX_REPLAYS_IN_FLIGHT).then_some(n + 1)
            })
            .map(|_| ReplaySlot(count))
            .map_err(|_| {
                ApiError::busy(format!(
                    "the server is already replaying {MAX_REPLAYS_IN_FLIGHT} recorded games: try \
                     again in a moment"
                ))
            })
    }
}

impl Drop for ReplaySlot<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

/// Locks a mutex, taking over one a panicking holder left (the data is still whole: no
/// handler leaves a game half changed, since every change is one `apply`).
fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

impl AppState {
    /// A server with no games yet.
    pub fn new(config: Config) -> AppState {
        AppState {
            hosts: Hosts::new(config.addr, &config.allow_hosts),
            config,
            games: Mutex::new(Games::default()),
            replaying: AtomicUsize::new(0),
            logs_replayed: AtomicUsize::new(0),
            made_logs: Mutex::new(MadeLogs::default()),
        }
    }

    /// How many times since the server started a request's lines were made again by
    /// playing the request again (for a page that reloads a game whose last request
    /// told many lines; see [`Lines`]).
    pub fn logs_replayed(&self) -> usize {
        self.logs_replayed.load(Ordering::SeqCst)
    }

    /// The limits in force.
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// How many games are alive.
    pub fn live(&self) -> usize {
        lock(&self.games).map.len()
    }

    /// How many of Pig's tables this process has solved (each rule set and goal at most
    /// once: `pig::solver::solved` keeps them, and solves a table once however many ask
    /// for it at the same time).
    pub fn tables_solved(&self) -> usize {
        pig::solver::tables_solved()
    }

    /// Drops the games idle since before `now - idle`; returns how many.
    pub fn sweep(&self, now: Instant) -> usize {
        let idle = self.config.idle;
        let mut games = lock(&self.games);
        let expired: Vec<GameId> = games
            .map
            .iter()
            .filter(|(_, live)| {
                // A game in use right now is not idle.
                live.session
                    .try_lock()
                    .is_ok_and(|s| now.saturating_duration_since(s.last_used) >= idle)
            })
            .map(|(id, _)| *id)
            .collect();
        for id in &expired {
            games.remove(id);
        }
        expired.len()
    }

    /// The game `id` names.
    pub fn session(&self, id: &str) -> Result<Arc<Mutex<Session>>, ApiError> {
        self.find(id).map(|(_, session)| session)
    }

    /// The game `id` names, and its parsed id.
    fn find(&self, id: &str) -> Result<(GameId, Arc<Mutex<Session>>), ApiError> {
        GameId::parse(id)
            .and_then(|id| Some((id, Arc::clone(&lock(&self.games).map.get(&id)?.session))))
            .ok_or_else(|| {
                ApiError::not_found(format!(
                    "no game {}: it has ended and been deleted, or expired after {} idle seconds \
                     (an id is 16 lower-case hex digits)",
                    guard::quote(id),
                    self.config.idle.as_secs()
                ))
            })
    }

    fn full(&self) -> ApiError {
        ApiError::full(format!(
            "the server already holds its maximum of {} live games; try again once some \
             have finished or expired (a game expires after {} idle seconds)",
            self.config.max_games,
            self.config.idle.as_secs()
        ))
    }

    fn over_allowance(&self, client: Client) -> ApiError {
        ApiError::allowance(format!(
            "this client ({client}) already holds its allowance of {} live games; finish or \
             delete some (DELETE /api/games/ID), or wait until they expire after {} idle seconds",
            self.config.games_per_client,
            self.config.idle.as_secs()
        ))
    }

    /// Whether `client` may start a new game (sweeping expired games first when the
    /// server or the client is full).
    fn has_room(&self, client: Client) -> Result<(), ApiError> {
        let fits = |games: &Games| {
            if games.map.len() >= self.config.max_games {
                Err(self.full())
            } else if games.held_by(client) >= self.config.games_per_client {
                Err(self.over_allowance(client))
            } else {
                Ok(())
            }
        };
        if fits(&lock(&self.games)).is_ok() {
            return Ok(());
        }
        self.sweep(Instant::now());
        fits(&lock(&self.games))
    }

    /// Keeps `session` under a new id, unless the cap or the client's allowance is reached.
    fn insert(&self, session: Session, owner: Client) -> Result<GameId, ApiError> {
        let mut games = lock(&self.games);
        if games.map.len() >= self.config.max_games {
            return Err(self.full());
        }
        if games.held_by(owner) >= self.config.games_per_client {
            return Err(self.over_allowance(owner));
        }
        let id = loop {
            let id = GameId(cards_core::rng::random_u64());
            if !games.map.contains_key(&id) {
                break id;
            }
        };
        games.map.insert(
            id,
            Live {
                owner,
                session: Arc::new(Mutex::new(session)),
            },
        );
        *games.per_client.entry(owner).or_insert(0) += 1;
        Ok(id)
    }

    /// Starts a game for a client with no address (in-process callers); see
    /// [`AppState::start_for`].
    pub fn start(&self, request: &Value) -> Result<(GameId, Session), ApiError> {
        self.start_for(request, Client::of(IpAddr::V4(Ipv4Addr::UNSPECIFIED)))
    }

    /// Starts a game from a start request's body (see `docs/web.md`) for `client`:
    /// the game, its id and the first lines.
    pub fn start_for(
        &self,
        request: &Value,
        client: Client,
    ) -> Result<(GameId, Session), ApiError> {
        let fields = request.as_object().ok_or_else(|| {
            ApiError::malformed("a start request is a JSON object, like {\"game\": \"quattro\"}")
        })?;
        if let Some(key) = fields
            .keys()
            .find(|k| !["game", "seed", "options"].contains(&k.as_str()))
        {
            return Err(ApiError::malformed(format!(
                "unknown field \"{key}\" (a start request has game, seed, options)"
            )));
        }
        let slug = fields.get("game").and_then(Value::as_str).ok_or_else(|| {
            ApiError::malformed("\"game\" is one of ochos-locos, quattro, war, pig")
        })?;
        let kind = Kind::from_slug(slug).ok_or_else(|| {
            ApiError::malformed(format!(
                "no game '{slug}': ochos-locos, quattro, war or pig"
            ))
        })?;
        let seed_chosen = !matches!(fields.get("seed"), None | Some(Value::Null));
        let seed = match fields.get("seed") {
            // The whole 64-bit range, not the command line's short seeds: a seed of nine
            // digits could be found from the first cards or rolls by trying them all
            // (docs/web.md), and then every card to come read ahead.
            None | Some(Value::Null) => cards_core::rng::random_u64(),
            Some(Value::Number(n)) => n
                .as_u64()
                .ok_or_else(|| ApiError::malformed("\"seed\" is a whole number, 0 or more"))?,
            Some(Value::String(text)) => text
                .trim()
                .parse()
                .map_err(|_| ApiError::malformed(format!("seed '{text}' is no whole number")))?,
            Some(_) => return Err(ApiError::malformed("\"seed\" is a whole number")),
        };
        let empty = Map::new();
        let options = match fields.get("options") {
            None | Some(Value::Null) => &empty,
            Some(Value::Object(map)) => map,
            Some(_) => return Err(ApiError::malformed("\"options\" is an object")),
        };
        self.has_room(client)?;
        let (table, log) = Table::start(kind, options, seed)?;
        let session = Session {
            table,
            seed,
            seed_chosen,
            last_used: Instant::now(),
            log: Lines::new(&log)?,
        };
        let id = self.insert(session.clone(), client)?;
        Ok((id, session))
    }
}

/// The JSON of a game as its page may see it.
pub fn game_json(id: GameId, session: &Session) -> Result<Value, ApiError> {
    game_json_with(id, session, session.log.to_json()?)
}

/// [`game_json`] with the log given (the one an action just told).
fn game_json_with(id: GameId, session: &Session, log: Value) -> Result<Value, ApiError> {
    let kind = session.table.kind();
    let snapshot = session.table.snapshot()?;
    let over = snapshot.outcome.is_some();
    // A random seed tells every card and roll to come: it is shown once nothing is to come.
    let shown = session.seed_chosen || over;
    let query = session.table.replay_query();
    // Once over, the game's recording (before, it would tell every card and roll to come).
    let recorded = over;
    Ok(json!({
        "id": id.to_string(),
        "game": kind.slug(),
        "title": kind.title(),
        "seed": shown.then(|| session.seed.to_string()),
        "replay": shown.then(|| format!("/{}?seed={}&{query}", kind.slug(), session.seed)),
        "settings": format!("/{}?{query}", kind.slug()),
        "recording": recorded.then(|| format!("/api/games/{id}/recording")),
        "recording_file": recorded.then(|| recording_file(kind, session.seed)),
        "seat": snapshot.seat,
        "playing": snapshot.playing,
        "players": snapshot.players,
        "to_act": snapshot.to_act,
        "your_turn": snapshot.your_turn,
        "view": snapshot.view,
        "legal": snapshot.legal,
        "log": log,
        "over": over,
        "outcome": snapshot.outcome,
        "rules_text": snapshot.rules_text,
    }))
}

/// The name a game's recording is saved under: `pig-42.json`.
pub fn recording_file(kind: Kind, seed: u64) -> String {
    format!("{}-{seed}.json", kind.slug())
}

/// A request's JSON body, read within the body timeout and the size limit
/// ([`MAX_BODY`]).
pub struct JsonBody(pub Value);

impl FromRequest<Arc<AppState>> for JsonBody {
    type Rejection = Response;

    async fn from_request(request: Request, state: &Arc<AppState>) -> Result<JsonBody, Response> {
        read_json(request, state, MAX_BODY).await.map(JsonBody)
    }
}

/// A recorded game's JSON body (`POST /api/replays`), read within the body timeout and
/// its own size limit ([`crate::replay::MAX_RECORDING`]: a long game's actions are more
/// than an action's few bytes).
pub struct RecordingBody(pub Value);

impl FromRequest<Arc<AppState>> for RecordingBody {
    type Rejection = Response;

    async fn from_request(
        request: Request,
        state: &Arc<AppState>,
    ) -> Result<RecordingBody, Response> {
        read_json(request, state, crate::replay::MAX_RECORDING)
            .await
            .map(RecordingBody)
    }
}

/// Reads a JSON body of at most `limit` bytes within the body timeout.
async fn read_json(request: Request, state: &AppState, limit: usize) -> Result<Value, Response> {
    let too_large = || ApiError::too_large(format!("a request body holds at most {limit} bytes"));
    let declared = request
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    if declared.is_some_and(|n| n > limit as u64) {
        return Err(too_large().into_response());
    }
    let timeout = state.config.body_timeout;
    let body: Body = request.into_body();
    let read = tokio::time::timeout(timeout, Limited::new(body, limit).collect()).await;
    let bytes = match read {
        Err(_elapsed) => {
            // The rest of the body will not be read: the connection closes.
            let mut response = ApiError::timeout(format!(
                "the request's body did not arrive within {} seconds",
                timeout.as_secs_f64()
            ))
            .into_response();
            response
                .headers_mut()
                .insert(header::CONNECTION, HeaderValue::from_static("close"));
            return Err(response);
        }
        Ok(Err(e)) if e.downcast_ref::<LengthLimitError>().is_some() => {
            return Err(too_large().into_response());
        }
        Ok(Err(e)) => {
            return Err(
                ApiError::malformed(format!("the body could not be read: {e}")).into_response(),
            );
        }
        Ok(Ok(collected)) => collected.to_bytes(),
    };
    crate::extract::json_with_unique_keys(&bytes).map_err(|e| {
        let message = match e.classify() {
            serde_json::error::Category::Data => format!("the body is refused: {e}"),
            _ => format!("the body is not JSON: {e}"),
        };
        ApiError::malformed(message).into_response()
    })
}

/// The client a request comes from (its connection's address; see [`Client`]).
pub struct Peer(pub Client);

impl<S: Send + Sync> FromRequestParts<S> for Peer {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Peer, ApiError> {
        let ip = parts
            .extensions
            .get::<ConnectInfo<SocketAddr>>()
            .map_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED), |ConnectInfo(addr)| {
                addr.ip()
            });
        Ok(Peer(Client::of(ip)))
    }
}

async fn start(
    State(state): State<Arc<AppState>>,
    Peer(client): Peer,
    JsonBody(request): JsonBody,
) -> Result<Response, ApiError> {
    // Solving Pig's table takes a moment the first time: off the async workers.
    let (id, session) = tokio::task::spawn_blocking(move || state.start_for(&request, client))
        .await
        .map_err(|e| ApiError::internal(e.to_string()))??;
    let mut response = (StatusCode::CREATED, axum::Json(game_json(id, &session)?)).into_response();
    if let Ok(location) = HeaderValue::from_str(&format!("/api/games/{id}")) {
        response.headers_mut().insert(header::LOCATION, location);
    }
    Ok(response)
}

async fn show(
    State(state): State<Arc<AppState>>,
    Segment(id): Segment,
) -> Result<axum::Json<Value>, ApiError> {
    let (id, session) = state.find(&id)?;
    // The game's lock is held to copy what the response needs, never while a long log
    // is made again: that is done after, off the async workers, once for every read
    // of it (see `MADE_LOGS_KEPT`).
    let (mut json, again) = {
        let mut session = lock(&session);
        session.last_used = Instant::now();
        match &session.log.0 {
            Kept::Written(_) => (game_json(id, &session)?, None),
            Kept::Again {
                before,
                action,
                key,
            } => {
                let cell = lock(&state.made_logs).cell(*key);
                let to_make = match cell.get() {
                    Some(_) => None,
                    None => Some((before.clone(), action.clone())),
                };
                (
                    game_json_with(id, &session, Value::Null)?,
                    Some((cell, to_make)),
                )
            }
        }
    };
    if let Some((cell, to_make)) = again {
        let made = match (cell.get(), to_make) {
            (Some(made), _) => made.clone(),
            (None, None) => Err(ApiError::internal(
                "broken invariant: a made log is gone from its cell",
            )),
            (None, Some((before, action))) => {
                let counter = Arc::clone(&state);
                tokio::task::spawn_blocking(move || {
                    cell.get_or_init(|| {
                        counter.logs_replayed.fetch_add(1, Ordering::SeqCst);
                        made_again_written(&before, &action)
                    })
                    .clone()
                })
                .await
                .map_err(|e| ApiError::internal(e.to_string()))?
            }
        }?;
        json["log"] = serde_json::from_str(&made)
            .map_err(|e| ApiError::internal(format!("the log could not be read back: {e}")))?;
    }
    Ok(axum::Json(json))
}

async fn act(
    State(state): State<Arc<AppState>>,
    Segment(id): Segment,
    body: Request,
) -> Result<axum::Json<Value>, Response> {
    let (id, session) = state.find(&id).map_err(IntoResponse::into_response)?;
    let JsonBody(action) = JsonBody::from_request(body, &state).await?;
    act_on(id, &session, &action)
        .map(axum::Json)
        .map_err(IntoResponse::into_response)
}

/// Carries out `action` on the game `session`, and its response.
fn act_on(id: GameId, session: &Mutex<Session>, action: &Value) -> Result<Value, ApiError> {
    let mut session = lock(session);
    session.last_used = Instant::now();
    // A refused action leaves the game and its last log as they were.
    let before = session.table.clone();
    let log = session.table.act(action)?;
    let written = serde_json::to_value(&log)
        .map_err(|e| ApiError::internal(format!("the log could not be written: {e}")))?;
    session.log = Lines::of_action(&log, before, action)?;
    game_json_with(id, &session, written)
}

/// `GET /api/games/{id}/recording`: the finished game as a recorded game file.
async fn recording(
    State(state): State<Arc<AppState>>,
    Segment(id): Segment,
) -> Result<Response, ApiError> {
    let (_, session) = state.find(&id)?;
    let mut session = lock(&session);
    session.last_used = Instant::now();
    let over = session.table.snapshot()?.outcome.is_some();
    let recording = crate::replay::recording(&session.table, session.seed, over)?;
    let file = recording_file(session.table.kind(), session.seed);
    let mut response = (
        [(header::CONTENT_TYPE, "application/json")],
        recording.to_json(),
    )
        .into_response();
    if let Ok(disposition) = HeaderValue::from_str(&format!("attachment; filename=\"{file}\"")) {
        response
            .headers_mut()
            .insert(header::CONTENT_DISPOSITION, disposition);
    }
    Ok(response)
}

/// `POST /api/replays`: a recorded game played again, every frame, as JSON of at most
/// [`MAX_REPLAY_RESPONSE`] bytes, [`MAX_REPLAYS_IN_FLIGHT`] at a time.
async fn replays(
    State(state): State<Arc<AppState>>,
    RecordingBody(body): RecordingBody,
) -> Result<Response, ApiError> {
    let _slot = ReplaySlot::take(&state.replaying)?;
    // A long game takes a moment to replay: off the async workers. The frames are
    // written out there too, and dropped at once if too large.
    let bytes = tokio::task::spawn_blocking(move || {
        let frames = crate::replay::replay(&body)?;
        let bytes = serde_json::to_vec(&frames).map_err(|e| ApiError::internal(e.to_string()))?;
        if bytes.len() > MAX_REPLAY_RESPONSE {
            return Err(ApiError::too_large(format!(
                "this game's frames are {} MB of JSON, more than the {} MB a replay may send: \
                 step through it with the game's own `replay` command",
                bytes.len() >> 20,
                MAX_REPLAY_RESPONSE >> 20
            )));
        }
        Ok(bytes)
    })
    .await
    .map_err(|e| ApiError::internal(e.to_string()))??;
    Ok(([(header::CONTENT_TYPE, "application/json")], bytes).into_response())
}

async fn delete(
    State(state): State<Arc<AppState>>,
    Segment(id): Segment,
) -> Result<StatusCode, ApiError> {
    let (id, _) = state.find(&id)?;
    lock(&state.games).remove(&id);
    Ok(StatusCode::NO_CONTENT)
}

async fn stats(State(state): State<Arc<AppState>>) -> axum::Json<Value> {
    axum::Json(json!({
        "live_games": state.live(),
        "max_games": state.config.max_games,
        "idle_seconds": state.config.idle.as_secs(),
        "games_per_client": state.config.games_per_client,
        "pig_tables_solved": state.tables_solved(),
    }))
}

async fn method_not_allowed() -> ApiError {
    ApiError::method()
}

/// Every request: its `Host` must be the server's; one that may change something must
/// come from no other site (`Origin`) and, if a `POST`, say it sends JSON.
async fn check(State(state): State<Arc<AppState>>, request: Request, next: Next) -> Response {
    let headers = request.headers();
    let refused = state.hosts.check_host(headers).and_then(|()| {
        if guard::changes_state(request.method()) {
            state.hosts.check_origin(headers)?;
            guard::check_content_type(request.method(), headers)?;
        }
        Ok(())
    });
    match refused {
        Ok(()) => next.run(request).await,
        Err(e) => e.into_response(),
    }
}

/// Marks every response as the server's own: [`crate::listen`] tells hyper's own
/// error responses (which lack it) from the router's by this header.
async fn mark(mut response: Response) -> Response {
    response.headers_mut().insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    response
}

async fn api_not_found() -> ApiError {
    ApiError::not_found("no such API route: see docs/web.md")
}

/// The routes: the page (`/`, `/ochos-locos`, `/quattro`, `/war`, `/pig`, all the same
/// page, which reads the address), its assets, and the JSON API under `/api`.
pub fn router(state: Arc<AppState>) -> Router {
    let api = Router::new()
        .route("/games", axum::routing::post(start))
        .route("/games/{id}", get(show).delete(delete))
        .route("/games/{id}/actions", axum::routing::post(act))
        .route("/games/{id}/recording", get(recording))
        .route("/replays", axum::routing::post(replays))
        .route("/stats", get(stats))
        .fallback(api_not_found)
        .method_not_allowed_fallback(method_not_allowed);
    let mut router = Router::new()
        .route("/", get(assets::index))
        .route("/assets/{file}", get(assets::asset));
    for kind in Kind::ALL {
        router = router.route(&format!("/{}", kind.slug()), get(assets::index));
    }
    router
        .nest("/api", api)
        .fallback(assets::not_found)
        .method_not_allowed_fallback(method_not_allowed)
        .layer(axum::middleware::from_fn_with_state(
            Arc::clone(&state),
            check,
        ))
        .layer(axum::middleware::map_response(mark))
        .with_state(state)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The logs made again are kept for the last MADE_LOGS_KEPT keys asked, whatever the
    /// number of games: a key asked again shares its cell, the oldest is dropped first.
    #[test]
    fn made_logs_are_bounded_and_shared() {
        let mut made = MadeLogs::default();
        let first = made.cell(0);
        assert!(Arc::ptr_eq(&first, &made.cell(0)));
        for key in 1..(MADE_LOGS_KEPT as u64 + 8) {
            made.cell(key);
        }
        assert_eq!(made.cells.len(), MADE_LOGS_KEPT);
        assert_eq!(made.order.len(), MADE_LOGS_KEPT);
        assert!(!Arc::ptr_eq(&first, &made.cell(0)), "the oldest was kept");
    }

    /// At most MAX_REPLAYS_IN_FLIGHT replays hold a slot; one more is told the server is
    /// busy (503), and a slot given back is free again.
    #[test]
    fn replays_in_flight_are_bounded() {
        let count = AtomicUsize::new(0);
        let slots: Vec<ReplaySlot<'_>> = (0..MAX_REPLAYS_IN_FLIGHT)
            .map(|_| ReplaySlot::take(&count).unwrap_or_else(|e| panic!("{}", e.body())))
            .collect();
        let Err(refused) = ReplaySlot::take(&count) else {
            panic!("a replay beyond the limit got a slot");
        };
        assert_eq!(refused.status, StatusCode::SERVICE_UNAVAILABLE);
        assert!(refused.body().contains("busy"), "{}", refused.body());
        drop(slots);
        assert_eq!(count.load(Ordering::SeqCst), 0);
        assert!(ReplaySlot::take(&count).is_ok());
    }
}
