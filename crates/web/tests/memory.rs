//! What a finished game costs the server to keep, for the largest setup of each game,
//! each played to its end through the router: the process's resident memory (`VmRSS`)
//! after 200 finished games of a setup, less before them, over 200. The responses are
//! dropped by then, so what is left is what the server keeps of each game (its slot in
//! the map included).
//!
//! A count of bytes, not a timing, so the bound holds on a busy machine; it is loose
//! (half as much again as the largest measured), since freed memory the allocator keeps in
//! the pages between the games' counts too. (A counting allocator would be exact, but
//! the workspace forbids `unsafe`, which `GlobalAlloc` needs.) The figures are printed
//! with `cargo test -p cardgames-web --test memory -- --nocapture` (docs/web.md,
//! "Bounds"). The binary holds this one test: another running beside it would be
//! counted too. Linux only (`/proc/self/status`); where the kernel backs the heap with
//! huge pages by itself (transparent huge pages `always`), the memory grows a huge page
//! at a time, and the bound allows one page more over a setup's 200 games.

#![cfg(target_os = "linux")]
#![allow(clippy::unwrap_used)]

use std::net::SocketAddr;
use std::sync::Arc;

use axum::Router;
use axum::body::Body;
use axum::extract::ConnectInfo;
use axum::http::{Request, StatusCode};
use serde_json::{Value, json};
use tower::ServiceExt;
use web::{AppState, Config, router};

/// The process's resident memory, in bytes (`VmRSS` of `/proc/self/status`).
fn resident() -> isize {
    let status = std::fs::read_to_string("/proc/self/status").unwrap();
    let kib: isize = status
        .lines()
        .find_map(|line| line.strip_prefix("VmRSS:"))
        .and_then(|rest| rest.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap();
    kib * 1024
}

/// How far the measure of one game may be off: nothing, unless the kernel backs the
/// heap with huge pages on its own (transparent huge pages `always`): then the resident
/// memory grows a huge page at a time, and a setup's count may be one page off.
fn granularity() -> isize {
    let always = std::fs::read_to_string("/sys/kernel/mm/transparent_hugepage/enabled")
        .is_ok_and(|mode| mode.contains("[always]"));
    if !always {
        return 0;
    }
    let huge_kib: isize = std::fs::read_to_string("/proc/meminfo")
        .ok()
        .and_then(|info| {
            info.lines()
                .find_map(|line| line.strip_prefix("Hugepagesize:"))
                .and_then(|rest| rest.trim().trim_end_matches("kB").trim().parse().ok())
        })
        .unwrap_or(2048);
    huge_kib * 1024 / GAMES as isize
}

async fn call(app: &Router, method: &str, uri: &str, body: &str) -> (StatusCode, Value) {
    let peer: SocketAddr = "127.0.0.1:50000".parse().unwrap();
    let request = Request::builder()
        .method(method)
        .uri(uri)
        .header("host", "127.0.0.1:8080")
        .header("content-type", "application/json")
        .extension(ConnectInfo(peer))
        .body(Body::from(body.to_owned()))
        .unwrap();
    let response = app.clone().oneshot(request).await.unwrap();
    let status = response.status();
    let bytes = axum::body::to_bytes(response.into_body(), usize::MAX)
        .await
        .unwrap();
    (
        status,
        serde_json::from_slice(&bytes).unwrap_or(Value::Null),
    )
}

/// Starts `request` and plays it to its end, each time with the first legal action (in
/// War `battle` one at a time, or `to_end` when `to_end` is set; watching Ochos Locos,
/// likewise). Returns the number of requests.
async fn play(app: &Router, request: &Value, to_end: bool) -> usize {
    let (status, mut game) = call(app, "POST", "/api/games", &request.to_string()).await;
    assert_eq!(status, StatusCode::CREATED, "{request}: {game}");
    let id = game["id"].as_str().unwrap().to_owned();
    let mut requests = 1;
    while game["over"] != true {
        let legal = game["legal"].as_array().unwrap();
        let action = legal
            .iter()
            .map(|l| &l["action"])
            .find(|a| to_end && a["type"] == "to_end")
            .unwrap_or(&legal[0]["action"])
            .clone();
        let (status, next) = call(
            app,
            "POST",
            &format!("/api/games/{id}/actions"),
            &action.to_string(),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{action}: {next}");
        game = next;
        requests += 1;
        assert!(requests < 20_000, "no end: {request}");
    }
    requests
}

/// The setups measured: each game's largest (most players, most cards, the longest
/// games), both ways of playing War and of watching Ochos Locos (a whole game in one
/// request, whose log is the longest, or a step a request).
fn setups() -> Vec<(&'static str, Value, bool)> {
    let mut setups = Vec::new();
    for (name, to_end) in [
        ("war 8 players, to_end", true),
        ("war 8 players, battle by battle", false),
    ] {
        setups.push((
            name,
            json!({"game": "war", "options": {"players": 8}}),
            to_end,
        ));
    }
    setups.push((
        "war 2 players fixed order, to_end",
        json!({"game": "war", "options": {"players": 2, "order": "fixed"}}),
        true,
    ));
    setups.push((
        "ochos-locos more-the-merrier 6 players, watched to_end",
        json!({"game": "ochos-locos", "options": {"rules": "more-the-merrier", "players": 6, "watch": true}}),
        true,
    ));
    setups.push((
        "ochos-locos completos 6 players, a seat",
        json!({"game": "ochos-locos", "options": {"rules": "completos", "players": 6}}),
        false,
    ));
    setups.push((
        "quattro uno",
        json!({"game": "quattro", "options": {"rules": "uno"}}),
        false,
    ));
    setups.push((
        "pig classic to 100, hold:20",
        json!({"game": "pig", "options": {"rules": "classic", "goal": 100, "computer": "hold:20"}}),
        false,
    ));
    setups.push((
        "pig two dice to 100, optimal",
        json!({"game": "pig", "options": {"goal": 100, "computer": "optimal"}}),
        false,
    ));
    setups
}

/// The games of each setup a measure averages over.
const GAMES: usize = 200;

/// The most bytes a finished game may hold, whatever its setup: the largest measured is
/// 10 KB, a War of 8 played to its end in one request (60 KB when its 300 lines were
/// kept as entries, 26 KB written out as JSON; docs/web.md, "Bounds").
const BOUND: isize = 16 * 1024;

#[test]
fn a_finished_game_holds_a_few_kilobytes() {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(async {
        let state = Arc::new(AppState::new(Config {
            games_per_client: 100_000,
            max_games: 100_000,
            ..Config::default()
        }));
        let app = router(Arc::clone(&state));
        // Pig's solved table is shared by every game (and bounded apart): solved before
        // the count starts, like the router's first-request allocations.
        play(
            &app,
            &json!({"game": "pig", "seed": 0, "options": {"goal": 100, "computer": "optimal"}}),
            false,
        )
        .await;
        let slack = granularity();
        if slack > 0 {
            println!("transparent huge pages: each figure may be {slack} bytes off");
        }
        let mut worst = 0;
        for (name, request, to_end) in setups() {
            let before = resident();
            let mut requests = 0;
            for seed in 0..GAMES {
                let mut request = request.clone();
                request["seed"] = json!(seed + 1000);
                requests += play(&app, &request, to_end).await;
            }
            let per_game = (resident() - before) / GAMES as isize;
            println!(
                "{name}: {per_game} bytes a finished game ({GAMES} games, {:.1} requests each)",
                requests as f64 / GAMES as f64
            );
            worst = worst.max(per_game);
            assert!(
                per_game <= BOUND + slack,
                "{name}: a finished game holds {per_game} bytes, more than {BOUND} (+ {slack})"
            );
        }
        println!("the largest: {worst} bytes a finished game");
        assert_eq!(state.live(), 1 + GAMES * setups().len());
    });
}
