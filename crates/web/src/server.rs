//! The server: the live games (each behind its own lock, found by a random id), their
//! expiry and cap, and the HTTP routes of the page and the JSON API.

use std::collections::HashMap;
use std::fmt;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

use axum::Router;
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{DefaultBodyLimit, Path, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use serde_json::{Map, Value, json};

use crate::assets;
use crate::error::ApiError;
use crate::games::ochos::Ochos;
use crate::games::pig::{Pig, Setup as PigSetup};
use crate::games::quattro::Quattro;
use crate::games::war::War;
use crate::games::{Entry, Options};

/// The largest request body the API reads (an action is a few dozen bytes).
pub const MAX_BODY: usize = 16 * 1024;

/// How the server bounds itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Config {
    /// The most games alive at once; a start request beyond it is refused (503).
    pub max_games: usize,
    /// A game nobody has asked about for this long is dropped.
    pub idle: Duration,
}

impl Config {
    /// The default cap on live games.
    pub const DEFAULT_MAX_GAMES: usize = 10_000;
    /// The default idle time before a game expires: 30 minutes.
    pub const DEFAULT_IDLE: Duration = Duration::from_secs(30 * 60);
}

impl Default for Config {
    fn default() -> Config {
        Config {
            max_games: Config::DEFAULT_MAX_GAMES,
            idle: Config::DEFAULT_IDLE,
        }
    }
}

/// Which game a session plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// Ochos Locos.
    OchosLocos,
    /// Quattro.
    Quattro,
    /// War.
    War,
    /// Pig.
    Pig,
}

impl Kind {
    /// All four, in the page's order.
    pub const ALL: [Kind; 4] = [Kind::OchosLocos, Kind::Quattro, Kind::War, Kind::Pig];

    /// The name in addresses and the API (`ochos-locos`).
    pub const fn slug(self) -> &'static str {
        match self {
            Kind::OchosLocos => "ochos-locos",
            Kind::Quattro => "quattro",
            Kind::War => "war",
            Kind::Pig => "pig",
        }
    }

    /// The game's name (`Ochos Locos`).
    pub const fn title(self) -> &'static str {
        match self {
            Kind::OchosLocos => "Ochos Locos",
            Kind::Quattro => "Quattro",
            Kind::War => "War",
            Kind::Pig => "Pig",
        }
    }

    /// The game a slug names.
    pub fn from_slug(slug: &str) -> Option<Kind> {
        Kind::ALL.into_iter().find(|k| k.slug() == slug)
    }
}

/// One game as the server holds it.
#[derive(Clone, Debug)]
pub enum Table {
    /// Ochos Locos.
    OchosLocos(Ochos),
    /// Quattro, boxed: a Quattro game (its hands and each hand's counts) is the largest, and the
    /// server holds thousands of tables.
    Quattro(Box<Quattro>),
    /// War.
    War(War),
    /// Pig.
    Pig(Pig),
}

impl Table {
    /// Which game this is.
    pub fn kind(&self) -> Kind {
        match self {
            Table::OchosLocos(_) => Kind::OchosLocos,
            Table::Quattro(_) => Kind::Quattro,
            Table::War(_) => Kind::War,
            Table::Pig(_) => Kind::Pig,
        }
    }

    /// What the page's seat may see now.
    pub fn snapshot(&self) -> Result<crate::games::Snapshot, ApiError> {
        match self {
            Table::OchosLocos(g) => g.snapshot(),
            Table::Quattro(g) => g.snapshot(),
            Table::War(g) => g.snapshot(),
            Table::Pig(g) => g.snapshot(),
        }
    }

    /// Carries out the page's action; on a refusal the game is unchanged.
    pub fn act(&mut self, action: &Value) -> Result<Vec<Entry>, ApiError> {
        if !action.is_object() {
            return Err(ApiError::malformed(
                "an action is a JSON object, like {\"type\": \"draw\"}",
            ));
        }
        match self {
            Table::OchosLocos(g) => g.act(action),
            Table::Quattro(g) => g.act(action),
            Table::War(g) => g.act(action),
            Table::Pig(g) => g.act(action),
        }
    }

    /// The options part of the replay address.
    pub fn replay_query(&self) -> String {
        match self {
            Table::OchosLocos(g) => g.replay_query(),
            Table::Quattro(g) => g.replay_query(),
            Table::War(g) => g.replay_query(),
            Table::Pig(g) => g.replay_query(),
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
    /// The last request that named it.
    pub last_used: Instant,
    /// What the last request's steps told.
    pub log: Vec<Entry>,
}

/// A game's id: 64 random bits, written as 16 hex digits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GameId(pub u64);

impl fmt::Display for GameId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:016x}", self.0)
    }
}

impl GameId {
    /// Reads 16 hex digits.
    pub fn parse(text: &str) -> Option<GameId> {
        (text.len() == 16)
            .then(|| u64::from_str_radix(text, 16).ok())
            .flatten()
            .map(GameId)
    }
}

/// Everything the handlers share.
#[derive(Debug)]
pub struct AppState {
    config: Config,
    games: Mutex<HashMap<GameId, Arc<Mutex<Session>>>>,
    solutions: Mutex<HashMap<(pig::Rules, u32), Arc<pig::Solution>>>,
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
            config,
            games: Mutex::new(HashMap::new()),
            solutions: Mutex::new(HashMap::new()),
        }
    }

    /// The limits in force.
    pub fn config(&self) -> Config {
        self.config
    }

    /// How many games are alive.
    pub fn live(&self) -> usize {
        lock(&self.games).len()
    }

    /// Drops the games idle since before `now - idle`; returns how many.
    pub fn sweep(&self, now: Instant) -> usize {
        let idle = self.config.idle;
        let mut games = lock(&self.games);
        let before = games.len();
        games.retain(|_, session| {
            // A game in use right now is not idle.
            session
                .try_lock()
                .map_or(true, |s| now.saturating_duration_since(s.last_used) < idle)
        });
        before - games.len()
    }

    /// The game `id` names.
    pub fn session(&self, id: &str) -> Result<Arc<Mutex<Session>>, ApiError> {
        self.find(id).map(|(_, session)| session)
    }

    /// The game `id` names, and its parsed id.
    fn find(&self, id: &str) -> Result<(GameId, Arc<Mutex<Session>>), ApiError> {
        GameId::parse(id)
            .and_then(|id| Some((id, lock(&self.games).get(&id).cloned()?)))
            .ok_or_else(|| {
                ApiError::not_found(format!(
                    "no game {id}: it has ended and been deleted, or expired after {} idle seconds",
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

    /// Whether a new game may start (sweeping expired games first when full).
    fn has_room(&self) -> bool {
        if self.live() < self.config.max_games {
            return true;
        }
        self.sweep(Instant::now());
        self.live() < self.config.max_games
    }

    /// Keeps `session` under a new id, unless the cap is reached.
    fn insert(&self, session: Session) -> Result<GameId, ApiError> {
        let mut games = lock(&self.games);
        if games.len() >= self.config.max_games {
            return Err(self.full());
        }
        let id = loop {
            let id = GameId(cards_core::rng::random_u64());
            if !games.contains_key(&id) {
                break id;
            }
        };
        games.insert(id, Arc::new(Mutex::new(session)));
        Ok(id)
    }

    /// The solved table for Pig's `optimal` Computer, solved once per rules and goal.
    fn solution(&self, rules: pig::Rules, goal: u32) -> Result<Arc<pig::Solution>, ApiError> {
        if let Some(solution) = lock(&self.solutions).get(&(rules, goal)) {
            return Ok(Arc::clone(solution));
        }
        let solution =
            Arc::new(pig::solve(rules, goal).map_err(|e| ApiError::internal(e.to_string()))?);
        lock(&self.solutions).insert((rules, goal), Arc::clone(&solution));
        Ok(solution)
    }

    /// Starts a game from a start request's body (see `docs/web.md`): the game, its
    /// id and the first lines.
    pub fn start(&self, request: &Value) -> Result<(GameId, Session), ApiError> {
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
        let seed = match fields.get("seed") {
            None | Some(Value::Null) => cards_core::rng::random_seed(),
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
        let options = Options(options);
        if !self.has_room() {
            return Err(self.full());
        }
        let (table, log) = match kind {
            Kind::OchosLocos => {
                let (g, log) = Ochos::new(options, seed)?;
                (Table::OchosLocos(g), log)
            }
            Kind::Quattro => {
                let (g, log) = Quattro::new(options, seed)?;
                (Table::Quattro(Box::new(g)), log)
            }
            Kind::War => {
                let (g, log) = War::new(options, seed)?;
                (Table::War(g), log)
            }
            Kind::Pig => {
                let setup = PigSetup::parse(options)?;
                let solution = match setup.computer {
                    pig::StrategySpec::Optimal => Some(self.solution(setup.rules, setup.goal)?),
                    pig::StrategySpec::HoldAt(_) => None,
                };
                let (g, log) = Pig::new(setup, solution, seed)?;
                (Table::Pig(g), log)
            }
        };
        let session = Session {
            table,
            seed,
            last_used: Instant::now(),
            log,
        };
        let id = self.insert(session.clone())?;
        Ok((id, session))
    }
}

/// The JSON of a game as its page may see it.
pub fn game_json(id: GameId, session: &Session) -> Result<Value, ApiError> {
    let kind = session.table.kind();
    let snapshot = session.table.snapshot()?;
    Ok(json!({
        "id": id.to_string(),
        "game": kind.slug(),
        "title": kind.title(),
        "seed": session.seed.to_string(),
        "replay": format!("/{}?seed={}&{}", kind.slug(), session.seed, session.table.replay_query()),
        "seat": snapshot.seat,
        "playing": snapshot.playing,
        "players": snapshot.players,
        "to_act": snapshot.to_act,
        "your_turn": snapshot.your_turn,
        "view": snapshot.view,
        "legal": snapshot.legal,
        "log": session.log,
        "over": snapshot.outcome.is_some(),
        "outcome": snapshot.outcome,
    }))
}

fn read_json(body: Result<Bytes, BytesRejection>) -> Result<Value, ApiError> {
    let bytes = body.map_err(|e| {
        if e.status() == StatusCode::PAYLOAD_TOO_LARGE {
            ApiError::too_large(format!("a request body holds at most {MAX_BODY} bytes"))
        } else {
            ApiError::malformed(e.body_text())
        }
    })?;
    serde_json::from_slice(&bytes)
        .map_err(|e| ApiError::malformed(format!("the body is not JSON: {e}")))
}

async fn start(
    State(state): State<Arc<AppState>>,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    let request = read_json(body)?;
    // Solving Pig's table takes a moment the first time: off the async workers.
    let (id, session) = tokio::task::spawn_blocking(move || state.start(&request))
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
    Path(id): Path<String>,
) -> Result<axum::Json<Value>, ApiError> {
    let (id, session) = state.find(&id)?;
    let mut session = lock(&session);
    session.last_used = Instant::now();
    Ok(axum::Json(game_json(id, &session)?))
}

async fn act(
    State(state): State<Arc<AppState>>,
    Path(id): Path<String>,
    body: Result<Bytes, BytesRejection>,
) -> Result<axum::Json<Value>, ApiError> {
    let (id, session) = state.find(&id)?;
    let action = read_json(body)?;
    let mut session = lock(&session);
    session.last_used = Instant::now();
    // A refused action leaves the game and its last log as they were.
    let log = session.table.act(&action)?;
    session.log = log;
    Ok(axum::Json(game_json(id, &session)?))
}

async fn delete(
    State(state): State<Arc<AppState>>,
    Path(id): Path<String>,
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
    }))
}

async fn method_not_allowed() -> ApiError {
    ApiError {
        status: StatusCode::METHOD_NOT_ALLOWED,
        code: "method",
        message: "this route does not take that method: see docs/web.md".into(),
    }
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
        .route("/stats", get(stats))
        .fallback(api_not_found)
        .method_not_allowed_fallback(method_not_allowed)
        .layer(DefaultBodyLimit::max(MAX_BODY));
    let mut router = Router::new()
        .route("/", get(assets::index))
        .route("/assets/{file}", get(assets::asset));
    for kind in Kind::ALL {
        router = router.route(&format!("/{}", kind.slug()), get(assets::index));
    }
    router
        .nest("/api", api)
        .fallback(assets::not_found)
        .with_state(state)
}

/// Serves `router` on `listener` until Ctrl-C or SIGTERM, sweeping expired games every
/// `sweep_every`.
pub async fn serve(
    listener: tokio::net::TcpListener,
    state: Arc<AppState>,
    sweep_every: Duration,
) -> std::io::Result<()> {
    let sweeper = Arc::clone(&state);
    tokio::spawn(async move {
        let mut ticks = tokio::time::interval(sweep_every);
        loop {
            ticks.tick().await;
            sweeper.sweep(Instant::now());
        }
    });
    axum::serve(listener, router(state))
        .with_graceful_shutdown(stop_signal())
        .await
}

/// Ctrl-C, or (on Unix) SIGTERM: the server stops accepting and finishes what it serves.
async fn stop_signal() {
    let ctrl_c = async {
        if tokio::signal::ctrl_c().await.is_err() {
            std::future::pending::<()>().await;
        }
    };
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut term) => {
                term.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {}
        () = term => {}
    }
}

/// Binds `addr` (a port of 0 takes a free one).
pub async fn bind(addr: SocketAddr) -> std::io::Result<tokio::net::TcpListener> {
    tokio::net::TcpListener::bind(addr).await
}
