//! The API in process (`tower::ServiceExt::oneshot` on the router): whole games of each
//! game, what a response may hold, refusals that change nothing, the cap on live games,
//! the per-client allowance, foreign hosts and origins, the seed withheld until the end,
//! every error in JSON; the rules text of each game, Pig's winning total, what a 2 costs
//! in Ochos Locos. Through the library's public API only (`web::router` and the
//! state it serves, each game's `game()` for the server's own view of a hand).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::HashSet;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::Router;
use axum::body::Body;
use axum::extract::ConnectInfo;
use axum::http::{Request, StatusCode};
use cards_core::ColorCard;
use cards_core::protocol::GameState;
use pretty_assertions::assert_eq;
use serde_json::{Value, json};
use tower::ServiceExt;

use web::{AppState, Config, Kind, Table, router};

fn app(config: Config) -> (Arc<AppState>, Router) {
    let state = Arc::new(AppState::new(config));
    (Arc::clone(&state), router(state))
}

/// The address the tests' requests come from (the router's, `Config::default()`'s, is
/// 127.0.0.1:8080).
const PEER: &str = "127.0.0.1:50000";

/// A request as the server's own page sends it: to `127.0.0.1:8080`, from loopback.
fn request(method: &str, uri: &str, body: &str) -> axum::http::request::Builder {
    let peer: SocketAddr = PEER.parse().unwrap();
    let builder = Request::builder()
        .method(method)
        .uri(uri)
        .header("host", "127.0.0.1:8080")
        .extension(ConnectInfo(peer));
    if body.is_empty() && method != "POST" {
        builder
    } else {
        builder.header("content-type", "application/json")
    }
}

async fn send(app: &Router, request: Request<Body>) -> (StatusCode, Value) {
    let uri = request.uri().to_string();
    let response = app.clone().oneshot(request).await.unwrap();
    let status = response.status();
    assert_eq!(
        response.headers()["x-content-type-options"],
        "nosniff",
        "{uri}"
    );
    let bytes = axum::body::to_bytes(response.into_body(), usize::MAX)
        .await
        .unwrap();
    let json = if bytes.is_empty() {
        Value::Null
    } else {
        serde_json::from_slice(&bytes).unwrap_or_else(|e| {
            panic!("{uri}: not JSON ({e}): {}", String::from_utf8_lossy(&bytes))
        })
    };
    (status, json)
}

async fn call(app: &Router, method: &str, uri: &str, body: &str) -> (StatusCode, Value) {
    let request = request(method, uri, body)
        .body(Body::from(body.to_owned()))
        .unwrap();
    send(app, request).await
}

async fn start(app: &Router, request: Value) -> Value {
    let (status, game) = call(app, "POST", "/api/games", &request.to_string()).await;
    assert_eq!(status, StatusCode::CREATED, "{request}: {game}");
    game
}

async fn act(app: &Router, game: &Value, action: &Value) -> (StatusCode, Value) {
    let id = game["id"].as_str().unwrap();
    call(
        app,
        "POST",
        &format!("/api/games/{id}/actions"),
        &action.to_string(),
    )
    .await
}

/// A legal action of `game`, chosen by `pick` among those offered.
fn choose(game: &Value, pick: usize) -> Value {
    let legal = game["legal"].as_array().unwrap();
    assert!(!legal.is_empty(), "no legal action: {game}");
    legal[pick % legal.len()]["action"].clone()
}

/// Plays `game` to its end with the legal actions offered (the `pick`-th of them, `pick`
/// changing each turn), checking each response with `check`; the number of requests.
async fn play_out(app: &Router, mut game: Value, mut check: impl FnMut(&Value)) -> (Value, usize) {
    check(&game);
    let mut requests = 0;
    while !game["over"].as_bool().unwrap() {
        assert!(game["your_turn"].as_bool().unwrap(), "stuck: {game}");
        let action = choose(&game, requests * 7 + 3);
        let (status, next) = act(app, &game, &action).await;
        assert_eq!(status, StatusCode::OK, "{action}: {next}");
        check(&next);
        game = next;
        requests += 1;
        assert!(requests < 5000, "no end: {game}");
    }
    assert!(game["outcome"]["text"].is_string(), "{game}");
    assert!(game["legal"].as_array().unwrap().is_empty() || game["game"] == "war");
    (game, requests)
}

#[tokio::test]
async fn a_whole_game_of_each_through_the_api() {
    let (_, app) = app(Config::default());
    let starts = [
        json!({"game": "ochos-locos", "seed": 7, "options": {"rules": "completos", "players": 4, "seat": 2}}),
        json!({"game": "ochos-locos", "seed": 7, "options": {"rules": "going-wild", "watch": true}}),
        json!({"game": "quattro", "seed": 7}),
        json!({"game": "quattro", "seed": "8", "options": {"rules": "uno"}}),
        json!({"game": "war", "seed": 7, "options": {"players": 3}}),
        json!({"game": "war", "seed": 7, "options": {"order": "fixed"}}),
        json!({"game": "pig", "seed": 7, "options": {"goal": 50, "computer": "hold:20"}}),
        json!({"game": "pig", "seed": 7, "options": {"rules": "classic", "goal": 20}}),
    ];
    for request in starts {
        let game = start(&app, request.clone()).await;
        let slug = request["game"].as_str().unwrap();
        assert_eq!(game["game"], slug);
        assert!(
            game["replay"]
                .as_str()
                .unwrap()
                .starts_with(&format!("/{slug}?seed=")),
            "{game}"
        );
        let (end, requests) = play_out(&app, game, |_| {}).await;
        assert!(requests > 0, "{request}: {end}");
        // The end is final: nothing more is accepted.
        let (status, refused) = act(&app, &end, &json!({"type": "draw"})).await;
        assert!(status.is_client_error(), "{refused}");
    }
}

#[tokio::test]
async fn a_seed_replays_the_same_game() {
    let (_, app) = app(Config::default());
    let request = json!({"game": "quattro", "seed": 12, "options": {"rules": "uno"}});
    let mut transcripts = Vec::new();
    for _ in 0..2 {
        let mut lines = Vec::new();
        play_out(&app, start(&app, request.clone()).await, |g| {
            lines.push(g["log"].clone());
        })
        .await;
        transcripts.push(lines);
    }
    assert_eq!(transcripts[0], transcripts[1]);
}

/// A random seed tells every card to come (`quattro deal --seed S` prints the deck), so
/// it and the replay link are withheld until the game is over; a chosen seed the player
/// knows already, so it is shown. Random seeds span the 64 bits (a short one could be
/// found by trying them all against the first cards), and the id is not the seed.
#[tokio::test]
async fn a_random_seed_is_withheld_until_the_end_and_the_id_is_not_the_seed() {
    let (state, app) = app(Config::default());
    let mut ids = Vec::new();
    let mut seeds = Vec::new();
    for request in [
        json!({"game": "war", "options": {"players": 3}}),
        json!({"game": "quattro", "options": {"rules": "uno"}}),
        json!({"game": "ochos-locos", "seed": null}),
        json!({"game": "pig", "options": {"computer": "hold:20", "goal": 20}}),
    ] {
        for _ in 0..5 {
            let game = start(&app, request.clone()).await;
            let slug = request["game"].as_str().unwrap();
            assert_eq!(game["seed"], Value::Null, "{game}");
            assert_eq!(game["replay"], Value::Null, "{game}");
            assert!(
                game["settings"]
                    .as_str()
                    .unwrap()
                    .starts_with(&format!("/{slug}?"))
            );
            assert!(
                !game["settings"].as_str().unwrap().contains("seed"),
                "{game}"
            );
            ids.push(u64::from_str_radix(game["id"].as_str().unwrap(), 16).unwrap());
            let id = game["id"].as_str().unwrap().to_owned();
            let secret = state.session(&id).unwrap().lock().unwrap().seed.to_string();
            let (end, _) = play_out(&app, game, |g| {
                if !g["over"].as_bool().unwrap() {
                    assert_eq!(
                        (&g["seed"], &g["replay"]),
                        (&Value::Null, &Value::Null),
                        "{g}"
                    );
                    let text = g.to_string();
                    assert!(!text.contains("seed=") && !text.contains(&secret), "{g}");
                }
            })
            .await;
            // Over: the seed and the replay link, which replays the same game.
            let seed = end["seed"].as_str().unwrap().to_owned();
            assert_eq!(seed, secret);
            let replay = end["replay"].as_str().unwrap();
            assert!(
                replay.starts_with(&format!("/{slug}?seed={seed}&")),
                "{replay}"
            );
            let (_, again) = call(&app, "GET", &format!("/api/games/{id}"), "").await;
            assert_eq!(again["seed"], json!(seed));
            seeds.push(seed.parse::<u64>().unwrap());
        }
    }
    // 20 full 64-bit values all below 2^40: probability 2^-480.
    assert!(ids.iter().any(|&id| id >= 1 << 40), "{ids:x?}");
    assert!(seeds.iter().any(|&s| s >= 1 << 40), "{seeds:?}");
    // A chosen seed is shown at once, with its replay link.
    let game = start(
        &app,
        json!({"game": "quattro", "seed": 72, "options": {"rules": "uno"}}),
    )
    .await;
    assert_eq!(game["seed"], "72");
    assert_eq!(game["replay"], "/quattro?seed=72&rules=uno");
    assert_eq!(game["settings"], "/quattro?rules=uno");
    // `--seed`'s whole range still plays.
    let game = start(&app, json!({"game": "war", "seed": "18446744073709551615"})).await;
    assert_eq!(game["seed"], json!("18446744073709551615"));
}

/// The upper-case words of every string of `json` that name a card of the game.
fn cards_named(json: &Value, is_card: &dyn Fn(&str) -> bool, out: &mut Vec<String>) {
    match json {
        Value::String(text) => {
            for word in text.split(|c: char| !(c.is_ascii_alphanumeric() || c == '+')) {
                if !word.is_empty() && word == word.to_ascii_uppercase() && is_card(word) {
                    out.push(word.to_owned());
                }
            }
        }
        Value::Array(items) => items.iter().for_each(|v| cards_named(v, is_card, out)),
        Value::Object(map) => map.values().for_each(|v| cards_named(v, is_card, out)),
        _ => {}
    }
}

/// The cards that lines of these kinds showed face up in `response`.
fn shown_in_log(response: &Value, kinds: &[&str]) -> HashSet<String> {
    response["log"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| kinds.contains(&e["kind"].as_str().unwrap()))
        .flat_map(|e| e["cards"].as_array().cloned().unwrap_or_default())
        .map(|c| c.as_str().unwrap().to_owned())
        .collect()
}

/// Checks that no other seat's card (nor the deck's) is in `response`: the secret
/// cards are read from the server's own game.
fn check_hidden(state: &AppState, response: &Value) {
    let id = response["id"].as_str().unwrap();
    let session = state.session(id).unwrap();
    let session = session.lock().unwrap();
    let seat = response["seat"].as_u64().unwrap() as usize;
    // A draw by another seat never shows its card.
    for entry in response["log"].as_array().unwrap() {
        if entry["kind"] == "drew" && entry["seat"] != json!(seat) {
            assert!(entry.get("cards").is_none(), "{entry}");
        }
        if entry["kind"] == "face_down" {
            assert!(entry.get("cards").is_none(), "{entry}");
        }
    }
    let (secret, exempt, own, named): (Vec<String>, HashSet<String>, Vec<String>, Vec<String>) =
        match &session.table {
            Table::OchosLocos(g) => {
                let game = g.game();
                let mut secret: Vec<String> = game.deck().iter().map(ToString::to_string).collect();
                for (s, p) in game.players().iter().enumerate() {
                    if s != seat {
                        secret.extend(p.hand().iter().map(ToString::to_string));
                    }
                }
                let own = game.players()[seat]
                    .hand()
                    .iter()
                    .map(ToString::to_string)
                    .collect();
                let mut named = Vec::new();
                cards_named(response, &|w| w.parse::<ColorCard>().is_ok(), &mut named);
                // Played cards stay on the discard pile: no exemption is needed.
                (secret, HashSet::new(), own, named)
            }
            Table::Quattro(g) => {
                let game = g.game();
                let mut secret = Vec::new();
                for (s, p) in game.players().iter().enumerate() {
                    if s != seat {
                        secret.extend(p.hand().iter().map(ToString::to_string));
                    }
                }
                let own = game.players()[seat]
                    .hand()
                    .iter()
                    .map(ToString::to_string)
                    .collect();
                let mut named = Vec::new();
                cards_named(
                    response,
                    &|w| quattro::Card::parse_code(w).is_ok(),
                    &mut named,
                );
                // A card played in this response may have been reshuffled and drawn
                // again since: it was public when played.
                (
                    secret,
                    shown_in_log(response, &["played", "deal"]),
                    own,
                    named,
                )
            }
            Table::War(g) => {
                let game = g.game();
                let face_up: HashSet<String> = game
                    .observe(0)
                    .unwrap()
                    .face_up()
                    .map(|c| c.to_string())
                    .collect();
                let mut secret: Vec<String> = game
                    .table()
                    .iter()
                    .map(ToString::to_string)
                    .filter(|c| !face_up.contains(c))
                    .collect();
                for p in game.players() {
                    secret.extend(p.cards().map(|c| c.to_string()));
                }
                let mut named = Vec::new();
                cards_named(response, &|w| w.parse::<war::Card>().is_ok(), &mut named);
                let mut exempt = shown_in_log(response, &["shown"]);
                exempt.extend(face_up);
                // The last battle's cards, shown face up, are in a pile now.
                for shown in response["view"]["last_battle"].as_array().unwrap() {
                    exempt.insert(shown["card"].as_str().unwrap().to_owned());
                }
                (secret, exempt, Vec::new(), named)
            }
            Table::Pig(_) => return,
        };
    if !own.is_empty() || response["view"]["hand"].is_array() {
        let mut shown_hand: Vec<String> = response["view"]["hand"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c.as_str().unwrap().to_owned())
            .collect();
        let mut own = own.clone();
        shown_hand.sort();
        own.sort();
        assert_eq!(shown_hand, own, "the hand shown is the seat's own");
    }
    let own: HashSet<String> = own.into_iter().collect();
    for card in named {
        if secret.contains(&card) && !exempt.contains(&card) && !own.contains(&card) {
            panic!("{card} is hidden from seat {seat} but in the response: {response}");
        }
    }
}

#[tokio::test]
async fn no_response_shows_another_seats_cards_or_the_deck() {
    let (state, app) = app(Config::default());
    let variants = [
        "match-making",
        "take-two",
        "going-wild",
        "more-the-merrier",
        "faciles",
        "diversidad",
        "completos",
    ];
    let mut responses = 0;
    for seed in 0..60u64 {
        let variant = variants[seed as usize % variants.len()];
        let players = if seed % 7 < 3 { 3 } else { 2 + seed % 5 };
        let requests = [
            json!({"game": "ochos-locos", "seed": seed, "options": {"rules": variant, "players": players, "seat": seed % players}}),
            json!({"game": "ochos-locos", "seed": seed, "options": {"rules": variant, "players": players, "seat": 0, "watch": true}}),
            json!({"game": "quattro", "seed": seed, "options": {"rules": if seed % 2 == 0 { "uno" } else { "quattro" }}}),
            json!({"game": "war", "seed": seed, "options": {"players": 2 + seed % 4}}),
        ];
        for request in requests {
            let game = start(&app, request).await;
            play_out(&app, game, |response| {
                check_hidden(&state, response);
                responses += 1;
            })
            .await;
        }
    }
    assert!(responses > 1000, "{responses}");
}

/// The server's whole state of the game `id`, to compare before and after a refusal.
fn internal(state: &AppState, game: &Value) -> String {
    let session = state.session(game["id"].as_str().unwrap()).unwrap();
    let session = session.lock().unwrap();
    format!("{:?}|{:?}", session.table, session.log)
}

async fn refused(
    state: &AppState,
    app: &Router,
    game: &Value,
    body: &str,
    status: StatusCode,
    code: &str,
) {
    let before = internal(state, game);
    let id = game["id"].as_str().unwrap();
    let (got, error) = call(app, "POST", &format!("/api/games/{id}/actions"), body).await;
    assert_eq!(
        (got, error["code"].as_str()),
        (status, Some(code)),
        "{body}: {error}"
    );
    assert!(
        error["error"].as_str().is_some_and(|e| !e.is_empty()),
        "{error}"
    );
    assert_eq!(internal(state, game), before, "{body} changed the game");
    let (_, again) = call(app, "GET", &format!("/api/games/{id}"), "").await;
    assert_eq!(again["view"], game["view"], "{body}");
    assert_eq!(again["legal"], game["legal"], "{body}");
}

#[tokio::test]
async fn illegal_and_malformed_requests_are_refused_and_change_nothing() {
    let (state, app) = app(Config::default());
    let bad = StatusCode::BAD_REQUEST;
    let illegal = StatusCode::UNPROCESSABLE_ENTITY;

    // Malformed, whatever the game.
    let games = [
        start(&app, json!({"game": "ochos-locos", "seed": 1})).await,
        start(&app, json!({"game": "quattro", "seed": 1})).await,
        start(&app, json!({"game": "war", "seed": 1})).await,
        start(
            &app,
            json!({"game": "pig", "seed": 1, "options": {"computer": "hold:20"}}),
        )
        .await,
    ];
    for game in &games {
        for body in [
            "",
            "{",
            "[1, 2]",
            "\"draw\"",
            "{}",
            "{\"type\": 5}",
            "{\"type\": \"fly\"}",
        ] {
            refused(&state, &app, game, body, bad, "malformed").await;
        }
        let huge = format!("{{\"type\": \"{}\"}}", "x".repeat(20_000));
        refused(
            &state,
            &app,
            game,
            &huge,
            StatusCode::PAYLOAD_TOO_LARGE,
            "too_large",
        )
        .await;
    }
    let [ochos, quattro, war, pig] = &games;
    for game in [ochos, quattro] {
        refused(&state, &app, game, r#"{"type": "play"}"#, bad, "malformed").await;
        refused(
            &state,
            &app,
            game,
            r#"{"type": "play", "card": "Z9"}"#,
            bad,
            "malformed",
        )
        .await;
        refused(
            &state,
            &app,
            game,
            r#"{"type": "play", "card": 5}"#,
            bad,
            "malformed",
        )
        .await;
        refused(
            &state,
            &app,
            game,
            r#"{"type": "play", "card": "R1", "colour": "purple"}"#,
            bad,
            "malformed",
        )
        .await;
        // Well formed, but no legal action: a card not held, or held but not matching.
        let hand: Vec<&str> = game["view"]["hand"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c.as_str().unwrap())
            .collect();
        let legal = game["legal"].as_array().unwrap();
        let mut tried = 0;
        for card in ["R1", "Y2", "G3", "B4", "R5", "Y6", "G7", "B8", "R0"] {
            let play = json!({"type": "play", "card": card});
            if legal.iter().any(|l| l["action"] == play) {
                continue;
            }
            refused(&state, &app, game, &play.to_string(), illegal, "illegal").await;
            tried += 1;
            let _ = hand.contains(&card);
        }
        assert!(tried > 0);
        // Drawing while a card may be played, or a card while only drawing is legal.
        if legal.iter().any(|l| l["action"]["type"] == "play") {
            refused(
                &state,
                &app,
                game,
                r#"{"type": "draw"}"#,
                illegal,
                "illegal",
            )
            .await;
        }
    }
    refused(
        &state,
        &app,
        ochos,
        r#"{"type": "next"}"#,
        illegal,
        "illegal",
    )
    .await;
    refused(
        &state,
        &app,
        war,
        r#"{"type": "battle", "count": 0}"#,
        bad,
        "malformed",
    )
    .await;
    refused(
        &state,
        &app,
        war,
        r#"{"type": "battle", "count": 10001}"#,
        bad,
        "malformed",
    )
    .await;
    refused(
        &state,
        &app,
        war,
        r#"{"type": "battle", "count": "3"}"#,
        bad,
        "malformed",
    )
    .await;
    refused(&state, &app, pig, r#"{"type": "draw"}"#, bad, "malformed").await;
    refused(
        &state,
        &app,
        pig,
        r#"{"type": "roll", "times": 2}"#,
        bad,
        "malformed",
    )
    .await;
    refused(
        &state,
        &app,
        quattro,
        r#"{"type": "draw", "colour": "R", "why": 1}"#,
        bad,
        "malformed",
    )
    .await;
    let id = ochos["id"].as_str().unwrap();
    let (status, error) = call(&app, "PUT", &format!("/api/games/{id}"), "{}").await;
    assert_eq!(
        (status, error["code"].as_str()),
        (StatusCode::METHOD_NOT_ALLOWED, Some("method"))
    );

    // After the end, everything is refused.
    let (end, _) = play_out(&app, pig.clone(), |_| {}).await;
    for body in [r#"{"type": "roll"}"#, r#"{"type": "hold"}"#] {
        refused(&state, &app, &end, body, illegal, "illegal").await;
    }

    // Bad start requests and unknown games.
    for body in [
        "{",
        "{}",
        r#"{"game": "chess"}"#,
        r#"{"game": "war", "seed": -1}"#,
        r#"{"game": "war", "seed": "x"}"#,
        r#"{"game": "war", "options": {"players": 9}}"#,
        r#"{"game": "war", "options": {"player": 3}}"#,
        r#"{"game": "quattro", "options": {"rules": "chess"}}"#,
        r#"{"game": "ochos-locos", "options": {"rules": "take-two", "players": 4}}"#,
        r#"{"game": "ochos-locos", "options": {"players": 3, "seat": 3}}"#,
        r#"{"game": "pig", "options": {"goal": 1000}}"#,
        r#"{"game": "pig", "options": {"computer": "hold:0"}}"#,
        r#"{"game": "pig", "colour": "red"}"#,
    ] {
        let live = state.live();
        let (status, error) = call(&app, "POST", "/api/games", body).await;
        assert_eq!(
            (status, error["code"].as_str()),
            (bad, Some("malformed")),
            "{body}: {error}"
        );
        assert_eq!(state.live(), live);
    }
    for uri in [
        "/api/games/0123456789abcdef",
        "/api/games/nope",
        "/api/nothing",
    ] {
        let (status, error) = call(&app, "GET", uri, "").await;
        assert_eq!(
            (status, error["code"].as_str()),
            (StatusCode::NOT_FOUND, Some("not_found"))
        );
    }
}

#[tokio::test]
async fn the_cap_on_live_games_refuses_clearly_and_idle_games_expire() {
    let idle = Duration::from_secs(60);
    let (state, app) = app(Config {
        max_games: 3,
        idle,
        ..Config::default()
    });
    let mut games = Vec::new();
    for seed in 0..3 {
        games.push(start(&app, json!({"game": "war", "seed": seed})).await);
    }
    let (status, error) = call(&app, "POST", "/api/games", r#"{"game": "pig"}"#).await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE);
    assert_eq!(error["code"], "full");
    assert!(
        error["error"]
            .as_str()
            .unwrap()
            .contains("maximum of 3 live games"),
        "{error}"
    );
    let (_, stats) = call(&app, "GET", "/api/stats", "").await;
    assert_eq!(stats["live_games"], 3);

    // Deleting a game makes room.
    let id = games[0]["id"].as_str().unwrap();
    let (status, _) = call(&app, "DELETE", &format!("/api/games/{id}"), "").await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    let (status, _) = call(&app, "GET", &format!("/api/games/{id}"), "").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    start(
        &app,
        json!({"game": "pig", "options": {"computer": "hold:20"}}),
    )
    .await;

    // Nothing has been idle yet; a minute later everything has.
    assert_eq!(state.sweep(Instant::now()), 0);
    assert_eq!(
        state.sweep(Instant::now() + idle + Duration::from_secs(1)),
        3
    );
    let id = games[1]["id"].as_str().unwrap();
    let (status, error) = call(&app, "GET", &format!("/api/games/{id}"), "").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(
        error["error"].as_str().unwrap().contains("expired"),
        "{error}"
    );
    start(&app, json!({"game": "war"})).await;
}

#[tokio::test]
async fn the_page_and_its_assets_are_served_from_the_binary() {
    let (_, app) = app(Config::default());
    for uri in [
        "/",
        "/ochos-locos",
        "/quattro",
        "/war",
        "/pig",
        "/assets/app.js",
        "/assets/draw.js",
        "/assets/style.css",
    ] {
        let request = request("GET", uri, "").body(Body::empty()).unwrap();
        let response = app.clone().oneshot(request).await.unwrap();
        assert_eq!(response.status(), StatusCode::OK, "{uri}");
        let policy = response.headers()["content-security-policy"]
            .to_str()
            .unwrap();
        assert!(policy.starts_with("default-src 'self'"), "{policy}");
    }
    let (status, error) = call(&app, "GET", "/assets/nothing.js", "").await;
    assert_eq!(
        (status, error["code"].as_str()),
        (StatusCode::NOT_FOUND, Some("not_found"))
    );
    // Nothing on the page comes from elsewhere.
    for asset in [
        web::assets::INDEX_HTML,
        web::assets::APP_JS,
        web::assets::DRAW_JS,
        web::assets::STYLE_CSS,
    ] {
        assert!(
            !asset.contains("https://") && !asset.contains("//cdn"),
            "an outside address"
        );
    }
}

/// A request as another web site (or a rebound name) makes the player's browser send it.
async fn foreign(
    app: &Router,
    method: &str,
    uri: &str,
    headers: &[(&str, &str)],
    body: &str,
) -> (StatusCode, Value) {
    let peer: SocketAddr = PEER.parse().unwrap();
    let mut builder = Request::builder()
        .method(method)
        .uri(uri)
        .extension(ConnectInfo(peer));
    for (name, value) in headers {
        builder = builder.header(*name, *value);
    }
    send(app, builder.body(Body::from(body.to_owned())).unwrap()).await
}

/// A request and how it is refused: method, address, headers, body, status, code.
type Refusal<'a> = (
    &'a str,
    &'a str,
    Vec<(&'a str, &'a str)>,
    &'a str,
    StatusCode,
    &'a str,
);

#[tokio::test]
async fn other_sites_and_rebound_names_cannot_drive_the_server() {
    let (state, app) = app(Config::default());
    let game = start(&app, json!({"game": "war", "seed": 3})).await;
    let id = game["id"].as_str().unwrap();
    let actions = format!("/api/games/{id}/actions");
    let path = format!("/api/games/{id}");
    let start_body = r#"{"game": "war"}"#;
    let battle = r#"{"type": "battle"}"#;
    let json_type = ("content-type", "application/json");
    let own = ("host", "127.0.0.1:8080");
    let forbidden = StatusCode::FORBIDDEN;
    let cases: Vec<Refusal> = vec![
        // DNS rebinding: the page of attacker.example, now resolving to 127.0.0.1.
        (
            "POST",
            "/api/games",
            vec![("host", "attacker.example:8080"), json_type],
            start_body,
            forbidden,
            "host",
        ),
        (
            "GET",
            "/",
            vec![("host", "attacker.example:8080")],
            "",
            forbidden,
            "host",
        ),
        (
            "GET",
            &path,
            vec![("host", "attacker.example")],
            "",
            forbidden,
            "host",
        ),
        (
            "POST",
            &actions,
            vec![
                ("host", "attacker.example:8080"),
                ("origin", "http://attacker.example:8080"),
                json_type,
            ],
            battle,
            forbidden,
            "host",
        ),
        ("GET", "/api/stats", vec![], "", forbidden, "host"),
        // Another site's page: its Origin.
        (
            "POST",
            "/api/games",
            vec![own, ("origin", "https://evil.example"), json_type],
            start_body,
            forbidden,
            "origin",
        ),
        (
            "POST",
            &actions,
            vec![own, ("origin", "https://evil.example"), json_type],
            battle,
            forbidden,
            "origin",
        ),
        (
            "DELETE",
            &path,
            vec![own, ("origin", "https://evil.example")],
            "",
            forbidden,
            "origin",
        ),
        (
            "POST",
            "/api/games",
            vec![own, ("origin", "null"), json_type],
            start_body,
            forbidden,
            "origin",
        ),
        (
            "POST",
            "/api/games",
            vec![own, ("origin", "http://127.0.0.1:3000"), json_type],
            start_body,
            forbidden,
            "origin",
        ),
        // What a form sends without asking: text/plain, form data, no type.
        (
            "POST",
            "/api/games",
            vec![own, ("content-type", "text/plain")],
            start_body,
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "content_type",
        ),
        (
            "POST",
            &actions,
            vec![own, ("content-type", "text/plain;charset=UTF-8")],
            battle,
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "content_type",
        ),
        (
            "POST",
            &actions,
            vec![own, ("content-type", "application/x-www-form-urlencoded")],
            battle,
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "content_type",
        ),
        (
            "POST",
            "/api/games",
            vec![own],
            start_body,
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "content_type",
        ),
    ];
    let before = internal(&state, &game);
    for (method, uri, headers, body, status, code) in &cases {
        let (got, error) = foreign(&app, method, uri, headers, body).await;
        assert_eq!(
            (got, error["code"].as_str()),
            (*status, Some(*code)),
            "{method} {uri} {headers:?}: {error}"
        );
        assert!(
            error["error"].as_str().is_some_and(|e| !e.is_empty()),
            "{error}"
        );
    }
    assert_eq!(state.live(), 1, "a refused start started a game");
    assert_eq!(
        internal(&state, &game),
        before,
        "a refused request changed the game"
    );
    let (status, _) = call(&app, "GET", &format!("/api/games/{id}"), "").await;
    assert_eq!(status, StatusCode::OK, "a refused delete deleted the game");

    // The server's own page, by either of its names, and programs that send no Origin.
    for headers in [
        vec![
            ("host", "127.0.0.1:8080"),
            ("origin", "http://127.0.0.1:8080"),
            json_type,
        ],
        vec![
            ("host", "localhost:8080"),
            ("origin", "http://localhost:8080"),
            json_type,
        ],
        vec![
            ("host", "localhost:8080"),
            ("content-type", "application/json; charset=utf-8"),
        ],
    ] {
        let (status, game) = foreign(&app, "POST", &actions, &headers, battle).await;
        assert_eq!(status, StatusCode::OK, "{headers:?}: {game}");
    }
}

#[tokio::test]
async fn an_allow_host_name_is_answered_and_a_server_on_every_interface_takes_addresses() {
    let state = Arc::new(AppState::new(Config {
        addr: "0.0.0.0:9000".parse().unwrap(),
        allow_hosts: vec!["games.lan".into()],
        ..Config::default()
    }));
    let app = router(state);
    let json_type = ("content-type", "application/json");
    let body = r#"{"game": "war"}"#;
    for (host, origin, status) in [
        (
            "192.168.1.20:9000",
            "http://192.168.1.20:9000",
            StatusCode::CREATED,
        ),
        ("games.lan", "https://games.lan", StatusCode::CREATED),
        (
            "classroom.example:9000",
            "http://classroom.example:9000",
            StatusCode::FORBIDDEN,
        ),
        (
            "192.168.1.20:9000",
            "http://192.168.1.20:9001",
            StatusCode::FORBIDDEN,
        ),
    ] {
        let headers = [("host", host), ("origin", origin), json_type];
        let (got, answer) = foreign(&app, "POST", "/api/games", &headers, body).await;
        assert_eq!(got, status, "{host} {origin}: {answer}");
    }
}

/// One client (one address) may hold `games_per_client` live games; another client
/// still may start, and a finished or deleted game gives the allowance back.
#[tokio::test]
async fn a_client_cannot_take_the_whole_cap() {
    let (state, app) = app(Config {
        max_games: 10,
        games_per_client: 3,
        ..Config::default()
    });
    async fn start_from(app: &Router, peer: &str) -> (StatusCode, Value) {
        let peer: SocketAddr = peer.parse().unwrap();
        let request = Request::builder()
            .method("POST")
            .uri("/api/games")
            .header("host", "127.0.0.1:8080")
            .header("content-type", "application/json")
            .extension(ConnectInfo(peer))
            .body(Body::from(r#"{"game": "war", "seed": 1}"#))
            .unwrap();
        send(app, request).await
    }
    let mut first = Vec::new();
    for port in [40001, 40002, 40003] {
        let (status, game) = start_from(&app, &format!("127.0.0.1:{port}")).await;
        assert_eq!(status, StatusCode::CREATED, "{game}");
        first.push(game);
    }
    // Another connection from the same address is the same client.
    let (status, error) = start_from(&app, "127.0.0.1:40004").await;
    assert_eq!(
        (status, error["code"].as_str()),
        (StatusCode::TOO_MANY_REQUESTS, Some("allowance"))
    );
    let message = error["error"].as_str().unwrap();
    assert!(
        message.contains("127.0.0.1") && message.contains("allowance of 3 live games"),
        "{message}"
    );
    assert_eq!(state.live(), 3);
    // Another loopback address is the same machine: no fresh allowance.
    for peer in ["127.0.0.2:5000", "127.8.9.3:5000", "[::1]:5000"] {
        let (status, error) = start_from(&app, peer).await;
        assert_eq!(
            (status, error["code"].as_str()),
            (StatusCode::TOO_MANY_REQUESTS, Some("allowance")),
            "{peer}: {error}"
        );
    }
    // Other clients: another IPv4 address; an IPv6 /64 counts as one client.
    for peer in [
        "192.168.1.7:5000",
        "[2001:db8:0:1::a]:5000",
        "[2001:db8:0:1::b]:5000",
        "[2001:db8:0:1:ffff::c]:5000",
    ] {
        let (status, game) = start_from(&app, peer).await;
        assert_eq!(status, StatusCode::CREATED, "{peer}: {game}");
    }
    let (status, error) = start_from(&app, "[2001:db8:0:1::d]:5000").await;
    assert_eq!(
        (status, error["code"].as_str()),
        (StatusCode::TOO_MANY_REQUESTS, Some("allowance")),
        "{error}"
    );
    assert!(
        error["error"]
            .as_str()
            .unwrap()
            .contains("2001:db8:0:1::/64"),
        "{error}"
    );
    // A deleted game gives its place back to its client.
    let id = first[0]["id"].as_str().unwrap();
    let (status, _) = call(&app, "DELETE", &format!("/api/games/{id}"), "").await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    let (status, _) = start_from(&app, "127.0.0.1:40005").await;
    assert_eq!(status, StatusCode::CREATED);
    // So does an expired one.
    state.sweep(Instant::now() + Config::DEFAULT_IDLE + Duration::from_secs(1));
    assert_eq!(state.live(), 0);
    let (status, _) = start_from(&app, "127.0.0.1:40006").await;
    assert_eq!(status, StatusCode::CREATED);
}

/// Every error is the JSON shape, whatever the route, the method or the id.
#[tokio::test]
async fn every_error_is_json_and_ids_have_one_spelling() {
    let (_, app) = app(Config::default());
    let game = start(&app, json!({"game": "war", "seed": 4})).await;
    let id = game["id"].as_str().unwrap().to_owned();
    let upper = id.to_ascii_uppercase();
    let plus = format!("+{}", &id[1..]);
    let not_found = StatusCode::NOT_FOUND;
    let method = StatusCode::METHOD_NOT_ALLOWED;
    let cases = [
        (
            "GET",
            "/api/games/%ff".to_owned(),
            "",
            not_found,
            "not_found",
        ),
        (
            "GET",
            "/api/games/%ff/actions".to_owned(),
            "",
            method,
            "method",
        ),
        (
            "POST",
            "/api/games/%ff/actions".to_owned(),
            "{}",
            not_found,
            "not_found",
        ),
        ("GET", "/assets/%ff".to_owned(), "", not_found, "not_found"),
        (
            "GET",
            "/nothing/here".to_owned(),
            "",
            not_found,
            "not_found",
        ),
        (
            "GET",
            format!("/api/games/{upper}"),
            "",
            not_found,
            "not_found",
        ),
        (
            "GET",
            format!("/api/games/{plus}"),
            "",
            not_found,
            "not_found",
        ),
        (
            "DELETE",
            format!("/api/games/{upper}"),
            "",
            not_found,
            "not_found",
        ),
        ("POST", "/".to_owned(), "{}", method, "method"),
        ("DELETE", "/assets/app.js".to_owned(), "", method, "method"),
        ("PUT", "/quattro".to_owned(), "", method, "method"),
        ("PATCH", format!("/api/games/{id}"), "{}", method, "method"),
        ("GET", "/api/games".to_owned(), "", method, "method"),
        ("POST", "/api/stats".to_owned(), "{}", method, "method"),
        (
            "POST",
            format!("/api/games/{id}/actions"),
            &"x".repeat(17_000),
            StatusCode::PAYLOAD_TOO_LARGE,
            "too_large",
        ),
    ];
    for (verb, uri, body, status, code) in cases {
        let (got, error) = call(&app, verb, &uri, body).await;
        assert_eq!(
            (got, error["code"].as_str()),
            (status, Some(code)),
            "{verb} {uri}: {error}"
        );
        assert!(
            error["error"].as_str().is_some_and(|e| !e.is_empty()),
            "{verb} {uri}: {error}"
        );
    }
    // The one spelling works.
    let (status, _) = call(&app, "GET", &format!("/api/games/{id}"), "").await;
    assert_eq!(status, StatusCode::OK);
}

/// A browser asking for a page that is not there gets a small page with links to the
/// games; anything else the JSON error.
#[tokio::test]
async fn an_unknown_page_is_html_to_a_browser() {
    let (_, app) = app(Config::default());
    let browser = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";
    let response = app
        .clone()
        .oneshot(
            request("GET", "/nothing", "")
                .header("accept", browser)
                .body(Body::empty())
                .unwrap(),
        )
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::NOT_FOUND);
    assert_eq!(
        response.headers()["content-type"],
        "text/html; charset=utf-8"
    );
    assert!(
        response.headers()["content-security-policy"]
            .to_str()
            .unwrap()
            .starts_with("default-src 'self'")
    );
    let body = axum::body::to_bytes(response.into_body(), usize::MAX)
        .await
        .unwrap();
    let body = String::from_utf8(body.to_vec()).unwrap();
    assert!(
        body.contains("No such page") && body.contains("href=\"/quattro\""),
        "{body}"
    );
    // fetch() and scripts, and every /api address, get JSON.
    for (uri, accept) in [
        ("/nothing", "*/*"),
        ("/api/nothing", browser),
        ("/assets/x.js", "*/*"),
    ] {
        let (status, error) = send(
            &app,
            request("GET", uri, "")
                .header("accept", accept)
                .body(Body::empty())
                .unwrap(),
        )
        .await;
        assert_eq!(
            (status, error["code"].as_str()),
            (StatusCode::NOT_FOUND, Some("not_found")),
            "{uri}"
        );
    }
}

/// 200 first requests at once for the same Pig table (the optimal Computer's, which the
/// page solves when it is chosen) all start, on one table.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn concurrent_cold_pig_starts_solve_one_table() {
    let (state, app) = app(Config {
        games_per_client: 1_000,
        ..Config::default()
    });
    let mut tasks = Vec::new();
    for seed in 0..200 {
        let app = app.clone();
        tasks.push(tokio::spawn(async move {
            let body =
                json!({"game": "pig", "seed": seed, "options": {"rules": "classic", "goal": 50, "computer": "optimal"}});
            call(&app, "POST", "/api/games", &body.to_string()).await.0
        }));
    }
    for task in tasks {
        assert_eq!(task.await.unwrap(), StatusCode::CREATED);
    }
    assert_eq!(state.live(), 200);
    // The tables are the process's (`pig::solver::solved`, whose own test checks that a
    // table asked for at once is solved once): other tests of this process solve theirs,
    // so the count is at least this one, at most one a rule set and page goal.
    let solved = state.tables_solved();
    assert!((1..=8).contains(&solved), "{solved}");
    let (_, stats) = call(&app, "GET", "/api/stats", "").await;
    assert!(stats["pig_tables_solved"].as_u64().unwrap() >= solved as u64);
}

/// What a player who knew that random seeds have at most nine digits would pay to find
/// the seed of a game in progress: one new game per candidate seed, its first view
/// compared with the one on the screen. Measured, not asserted (docs/web.md quotes it):
/// `cargo test --release -p cardgames-web --lib -- --ignored --nocapture seed_search`.
#[test]
#[ignore = "a measurement for docs/web.md, not a test"]
fn seed_search_cost() {
    let empty = serde_json::Map::new();
    let n = 200_000u64;
    let began = Instant::now();
    let mut found = 0;
    for seed in 0..n {
        let (game, _) = Table::start(Kind::Quattro, &empty, seed).unwrap();
        let view = game.snapshot().unwrap().view;
        found += usize::from(view["hand"][0] == "R5");
    }
    let quattro = began.elapsed().as_secs_f64() / n as f64;
    let json = json!({"goal": 100, "computer": "hold:20"});
    let setup = json.as_object().unwrap();
    let began = Instant::now();
    for seed in 0..n {
        let (game, _) = Table::start(Kind::Pig, setup, seed).unwrap();
        found += usize::from(game.snapshot().unwrap().view["turn_points"] == 0);
    }
    let pig = began.elapsed().as_secs_f64() / n as f64;
    println!(
        "per candidate seed: Quattro {:.2} µs, Pig {:.2} µs; all 10^9 nine-digit seeds on one core: \
         Quattro {:.0} s, Pig {:.0} s ({found})",
        quattro * 1e6,
        pig * 1e6,
        quattro * 1e9,
        pig * 1e9
    );
}

/// Every game response carries the rules of the rule set played, as the terminal's `?`
/// says them, one sentence an item (the page's rules panel). The sentences expected are
/// the games' rules as the assignments state them.
#[tokio::test]
async fn every_game_says_its_rules_in_sentences() {
    let (_, app) = app(Config::default());
    let pig = start(
        &app,
        json!({"game": "pig", "seed": 1, "options": {"rules": "classic", "goal": 50, "computer": "hold:20"}}),
    )
    .await;
    // The terminal's answers (Y/N, q) are not the page's: its buttons are Roll and Hold.
    assert_eq!(
        pig["rules_text"],
        json!([
            "You play against the Computer; the first to reach 50 points wins.",
            "Each roll of the die scores its face; a 1 loses the turn's points and ends the turn.",
            "A turn's points are banked when you hold."
        ])
    );
    let war = start(
        &app,
        json!({"game": "war", "seed": 1, "options": {"players": 8, "order": "fixed"}}),
    )
    .await;
    let war = war["rules_text"].as_array().unwrap();
    assert_eq!(war[0], "The 52 cards are dealt to the 8 players.");
    assert!(
        war[1]
            .as_str()
            .unwrap()
            .ends_with("in the order they were put down."),
        "{war:?}"
    );
    let cases = [
        (
            json!({"game": "quattro", "seed": 1}),
            "Everyone gets 3 cards.",
            vec![],
            vec!["Skip", "Wild"],
        ),
        (
            json!({"game": "quattro", "seed": 1, "options": {"rules": "uno"}}),
            "Everyone gets 3 cards.",
            vec![
                "Skip: the next player misses a turn.",
                "Reverse: play changes direction.",
            ],
            vec![],
        ),
        (
            json!({"game": "ochos-locos", "seed": 1, "options": {"rules": "take-two"}}),
            "On your turn, lay a card that matches the top of the discard pile in colour or number.",
            vec!["An 8 is a card like any other."],
            vec!["wild"],
        ),
        (
            json!({"game": "ochos-locos", "seed": 1, "options": {"rules": "completos"}}),
            "On your turn, lay a card that matches the top of the discard pile in colour or number.",
            vec![
                "An 8 is laid as any card is, on its colour or on another 8.",
                "Whoever lays it, unless it is their last card, names a colour: the next card must be of that colour or an 8.",
            ],
            vec!["An 8 is a card like any other."],
        ),
    ];
    for (request, first, has, lacks) in cases {
        let game = start(&app, request.clone()).await;
        let sentences: Vec<&str> = game["rules_text"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s.as_str().unwrap())
            .collect();
        assert_eq!(sentences[0], first, "{request}");
        for s in has {
            assert!(
                sentences.contains(&s),
                "{request}: no \"{s}\" in {sentences:?}"
            );
        }
        for s in lacks {
            assert!(
                !sentences.iter().any(|x| x.contains(s)),
                "{request}: \"{s}\" in {sentences:?}"
            );
        }
        for s in &sentences {
            assert!(
                s.ends_with('.') && !s.contains('\n') && !s.contains("  "),
                "{request}: {s:?}"
            );
            assert!(!s.starts_with("Rules"), "{request}: {s:?}");
        }
    }
}

/// Pig ends on the roll that reaches the goal, before any hold: the winner's score in
/// the final response is that total (the log's "reach N"), not the points banked before
/// the winning turn.
#[tokio::test]
async fn pig_shows_the_winning_total() {
    let (_, app) = app(Config::default());
    let mut mid_turn = 0;
    for seed in 0..20 {
        let mut game = start(
            &app,
            json!({"game": "pig", "seed": seed, "options": {"goal": 20, "computer": "hold:20"}}),
        )
        .await;
        let mut last_roll = String::new();
        while !game["over"].as_bool().unwrap() {
            // Always roll: a win by the person comes mid-turn, never by a hold.
            let (status, next) = act(&app, &game, &json!({"type": "roll"})).await;
            assert_eq!(status, StatusCode::OK, "{next}");
            for line in next["log"].as_array().unwrap() {
                if line["kind"] == "roll" {
                    last_roll = line["text"].as_str().unwrap().to_owned();
                }
            }
            game = next;
        }
        let winner = game["outcome"]["winner"].as_u64().unwrap() as usize;
        let Some((_, reached)) = last_roll
            .split_once(" and reach ")
            .or_else(|| last_roll.split_once(" and reaches "))
        else {
            continue; // won by a hold: the banked points are the total
        };
        // "You roll … and reach", "The Computer rolls … and reaches".
        let verb = if winner == 0 {
            " and reach "
        } else {
            " and reaches "
        };
        assert!(last_roll.contains(verb), "{last_roll}");
        let total: u64 = reached.split(':').next().unwrap().parse().unwrap();
        assert!(total >= 20, "{last_roll}");
        assert_eq!(game["players"][winner]["score"], total, "{seed}: {game}");
        assert_eq!(game["view"]["scores"][winner], total, "{seed}: {game}");
        assert!(game["view"]["turn_points"].as_u64().unwrap() > 0, "{game}");
        mid_turn += 1;
    }
    assert!(mid_turn > 5, "only {mid_turn} games won mid-turn");
}

/// Facing a 2 in Ochos Locos, the view says what not answering costs (`penalty`): 2
/// cards under Assignment 2's Take Two, 2 for each 2 in the chain under Assignment 4;
/// and the draw is then labelled as taking the penalty.
#[tokio::test]
async fn ochos_locos_says_what_a_2_costs() {
    let (_, app) = app(Config::default());
    let mut seen = [0, 0];
    for (i, (rules, per_two)) in [("take-two", false), ("completos", true)]
        .into_iter()
        .enumerate()
    {
        for seed in 0..30 {
            let game = start(
                &app,
                json!({"game": "ochos-locos", "seed": seed, "options": {"rules": rules}}),
            )
            .await;
            play_out(&app, game, |g| {
                let v = &g["view"];
                if v["facing_two"] != true {
                    assert_eq!(v["penalty"], Value::Null, "{g}");
                    return;
                }
                let twos = v["pending_twos"].as_u64().unwrap();
                let expected = if per_two { 2 * twos } else { 2 };
                assert_eq!(v["penalty"], expected, "{rules}: {g}");
                if g["your_turn"] == true {
                    for l in g["legal"].as_array().unwrap() {
                        if l["action"]["type"] == "draw" {
                            assert_eq!(l["label"], "Take the penalty", "{g}");
                        } else {
                            assert!(l["label"].as_str().unwrap().contains('2'), "{g}");
                        }
                    }
                    seen[i] += 1;
                }
            })
            .await;
        }
    }
    assert!(seen[0] > 0 && seen[1] > 0, "no 2 faced: {seen:?}");
}

/// A GET whose body is kept as text, with the response's headers.
async fn get_text(app: &Router, uri: &str) -> (StatusCode, axum::http::HeaderMap, String) {
    let request = request("GET", uri, "").body(Body::empty()).unwrap();
    let response = app.clone().oneshot(request).await.unwrap();
    let (status, headers) = (response.status(), response.headers().clone());
    let bytes = axum::body::to_bytes(response.into_body(), usize::MAX)
        .await
        .unwrap();
    (status, headers, String::from_utf8(bytes.to_vec()).unwrap())
}

/// Plays a game of Pig through the API to its end (rolling, or holding once the turn
/// has 8 points), keeping every line the live page was sent: the game's final JSON and
/// its whole log.
async fn pig_played(app: &Router, seed: u64) -> (Value, Vec<Value>) {
    let mut game = start(
        app,
        json!({"game": "pig", "seed": seed, "options": {"goal": 20, "computer": "hold:10"}}),
    )
    .await;
    let mut log: Vec<Value> = game["log"].as_array().unwrap().clone();
    while !game["over"].as_bool().unwrap() {
        let hold = game["view"]["turn_points"].as_u64().unwrap() >= 8
            && game["legal"]
                .as_array()
                .unwrap()
                .iter()
                .any(|l| l["action"]["type"] == "hold");
        let action = json!({"type": if hold { "hold" } else { "roll" }});
        let (status, next) = act(app, &game, &action).await;
        assert_eq!(status, StatusCode::OK, "{next}");
        log.extend(next["log"].as_array().unwrap().iter().cloned());
        game = next;
    }
    (game, log)
}

#[tokio::test]
async fn a_finished_pig_game_is_recorded_and_stepped_through() {
    let (_, app) = app(Config::default());
    // Not before the end: the recording holds the seed, which tells every roll to come.
    let fresh = start(&app, json!({"game": "pig", "seed": 5})).await;
    assert_eq!(fresh["recording"], Value::Null, "{fresh}");
    let id = fresh["id"].as_str().unwrap();
    let (status, early) = call(&app, "GET", &format!("/api/games/{id}/recording"), "").await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{early}");
    assert!(
        early["error"].as_str().unwrap().contains("not over"),
        "{early}"
    );

    for seed in [1, 42, 1234] {
        let (game, log) = pig_played(&app, seed).await;
        let id = game["id"].as_str().unwrap();
        assert_eq!(game["recording"], format!("/api/games/{id}/recording"));
        assert_eq!(game["recording_file"], format!("pig-{seed}.json"));
        let (status, headers, text) = get_text(&app, &format!("/api/games/{id}/recording")).await;
        assert_eq!(status, StatusCode::OK, "{text}");
        assert_eq!(
            headers["content-disposition"],
            format!("attachment; filename=\"pig-{seed}.json\"")
        );
        // The file `pig replay FILE` reads: the format, the seed as a string.
        let recording = cards_core::replay::Recording::from_json(&text, "pig").unwrap();
        assert_eq!(recording.seed, seed);
        assert_eq!(recording.options, ["rules=two-dice", "goal=20"]);
        // One action per roll and per hold the live log told, in its order.
        let kinds: Vec<&str> = log.iter().map(|e| e["kind"].as_str().unwrap()).collect();
        let rolls = kinds.iter().filter(|&&k| k == "roll").count();
        let holds = kinds.iter().filter(|&&k| k == "hold").count();
        let told: Vec<&str> = kinds
            .iter()
            .filter_map(|&k| match k {
                "roll" => Some("n"),
                "hold" => Some("y"),
                _ => None,
            })
            .collect();
        assert_eq!(recording.actions, told, "seed {seed}");
        assert!(pig::replay::frames(&text).is_ok());

        // Posted back, it steps through: the start, each choice and each throw.
        let (status, replay) = call(&app, "POST", "/api/replays", &text).await;
        assert_eq!(status, StatusCode::OK, "{replay}");
        let frames = replay["frames"].as_array().unwrap();
        assert_eq!(frames.len(), 1 + 2 * rolls + holds, "seed {seed}");
        assert_eq!(replay["steps"], frames.len() - 1);
        assert_eq!(replay["complete"], true);
        assert_eq!(replay["seed"], seed.to_string());
        assert_eq!(replay["game"], "pig");
        // The frames' lines are the live page's, word for word, with the choices to roll
        // between them.
        let replayed: Vec<&Value> = frames
            .iter()
            .flat_map(|f| f["log"].as_array().unwrap())
            .filter(|e| e["kind"] != "chose")
            .collect();
        assert_eq!(replayed, log.iter().collect::<Vec<_>>(), "seed {seed}");
        let last = frames.last().unwrap();
        assert_eq!(last["outcome"], game["outcome"]);
        assert_eq!(last["status"], game["outcome"]["text"]);
        // The winning total the live game showed, not the banked points.
        assert_eq!(last["players"], game["players"].as_array().unwrap().iter().map(|p| {
            json!({"name": p["name"], "plays": if p["plays"] == "you" { "you" } else { "computer" }, "score": p["score"]})
        }).collect::<Value>());
        assert_eq!(last["view"]["scores"], game["view"]["scores"]);
        assert_eq!(frames[0]["status"], "Your turn");
        assert_eq!(frames[0]["to_act"], 0);
    }
}

#[tokio::test]
async fn a_recording_that_stops_early_replays_to_where_it_stopped() {
    let (_, app) = app(Config::default());
    let (_, _) = pig_played(&app, 9).await;
    let body = json!({"format": "cards-replay 1", "game": "pig", "options": ["rules=classic", "goal=20"], "seed": "9", "actions": ["n"]});
    let (status, replay) = call(&app, "POST", "/api/replays", &body.to_string()).await;
    assert_eq!(status, StatusCode::OK, "{replay}");
    assert_eq!(replay["complete"], false);
    let last = replay["frames"].as_array().unwrap().last().unwrap().clone();
    assert!(
        last["status"]
            .as_str()
            .unwrap()
            .starts_with("The recording stops here. "),
        "{last}"
    );
    assert_eq!(last["outcome"], Value::Null);
}

#[tokio::test]
async fn a_bad_recording_is_refused_on_one_line() {
    let (_, app) = app(Config::default());
    let good = json!({"format": "cards-replay 1", "game": "pig", "options": ["rules=two-dice", "goal=20"], "seed": "3", "actions": ["n"]});
    let with = |field: &str, value: Value| {
        let mut body = good.clone();
        body[field] = value;
        body.to_string()
    };
    let cases = [
        ("{".to_owned(), "the body is not JSON"),
        ("{}".to_owned(), "not a recorded game: missing field"),
        (
            with("format", json!("cards-replay 9")),
            "recorded game format `cards-replay 9`",
        ),
        (
            with("game", json!("chess")),
            "this is a recorded game of `chess`",
        ),
        (with("seed", json!("three")), "not a recorded game: "),
        (with("options", json!(["goal=20"])), "options: "),
        (
            with("options", json!(["rules=two-dice", "goal=20", "goal=30"])),
            "options: `goal=30`",
        ),
        (with("actions", json!(["n", "q"])), "step 2: `q`: "),
        (with("actions", json!(["x\u{1b}"])), "step 1: `x\\u{1b}`: "),
        (
            with("extra", json!(1)),
            "not a recorded game: unknown field `extra`",
        ),
    ];
    for (body, expected) in cases {
        let (status, answer) = call(&app, "POST", "/api/replays", &body).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}: {answer}");
        let error = answer["error"].as_str().unwrap();
        assert!(error.starts_with(expected), "{body}: {error}");
        assert!(!error.contains('\n'), "{error}");
        assert_eq!(answer["code"], "malformed");
    }
    // Actions left after the end, and a game that never ends within the steps kept.
    let (won, _) = pig_played(&app, 1).await;
    let (_, _, text) = get_text(&app, won["recording"].as_str().unwrap()).await;
    let mut over: Value = serde_json::from_str(&text).unwrap();
    over["actions"].as_array_mut().unwrap().push(json!("n"));
    let (status, answer) = call(&app, "POST", "/api/replays", &over.to_string()).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(
        answer["error"]
            .as_str()
            .unwrap()
            .ends_with(": the game is already over"),
        "{answer}"
    );
    // Too large a body is refused before it is read whole.
    let huge = with("actions", json!(vec!["n"; web::replay::MAX_RECORDING / 4]));
    let (status, answer) = call(&app, "POST", "/api/replays", &huge).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE, "{answer}");
    // Another site's page cannot post one (a replay changes nothing, but it is a POST
    // like the others: the same guards).
    let (status, _) = foreign(
        &app,
        "POST",
        "/api/replays",
        &[
            ("host", "127.0.0.1:8080"),
            ("origin", "http://attacker.example"),
            ("content-type", "application/json"),
        ],
        &good.to_string(),
    )
    .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, _) = foreign(
        &app,
        "POST",
        "/api/replays",
        &[("host", "127.0.0.1:8080"), ("content-type", "text/plain")],
        &good.to_string(),
    )
    .await;
    assert_eq!(status, StatusCode::UNSUPPORTED_MEDIA_TYPE);
}

/// The games whose recordings are not wired in yet say so, and offer none.
#[tokio::test]
async fn a_game_offers_its_recording_only_where_the_server_writes_them() {
    use web::Kind;
    let (_, app) = app(Config::default());
    for (kind, request) in [
        (
            Kind::War,
            json!({"game": "war", "seed": 4, "options": {"players": 3}}),
        ),
        (Kind::Quattro, json!({"game": "quattro", "seed": 4})),
        (
            Kind::OchosLocos,
            json!({"game": "ochos-locos", "seed": 4, "options": {"watch": true}}),
        ),
    ] {
        let game = start(&app, request).await;
        let end = if kind == Kind::Quattro {
            None
        } else {
            Some(json!({"type": "to_end"}))
        };
        let (_, game) = match end {
            Some(action) => act(&app, &game, &action).await,
            None => (StatusCode::OK, play_out(&app, game, |_| {}).await.0),
        };
        assert_eq!(game["over"], true, "{game}");
        let id = game["id"].as_str().unwrap();
        let (status, answer) = call(&app, "GET", &format!("/api/games/{id}/recording"), "").await;
        assert_eq!(status, StatusCode::OK, "{answer}");
        assert_eq!(game["recording"], format!("/api/games/{id}/recording"));
    }
}

#[tokio::test]
async fn a_recording_longer_than_the_page_steps_through_is_refused() {
    let (_, app) = app(Config::default());
    // More actions than the page steps through: refused before any is played.
    let mut actions = vec!["n"];
    actions.extend(std::iter::repeat_n("y", web::replay::MAX_FRAMES));
    let body = json!({"format": "cards-replay 1", "game": "pig", "options": ["rules=two-dice", "goal=20"], "seed": "3", "actions": actions});
    let (status, answer) = call(&app, "POST", "/api/replays", &body.to_string()).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
    assert_eq!(
        answer["error"],
        format!(
            "the recorded game is longer than the {} steps the page steps through: use `pig replay FILE`",
            web::replay::MAX_FRAMES - 1
        )
    );
}

/// Every game, played through the API in several setups, its recording posted back: the replay ends as the live game ended, with the same cards
/// held or points scored.
#[tokio::test]
async fn every_recorded_game_replays_to_its_live_end() {
    use web::Kind;
    let (_, app) = app(Config::default());
    let mut replayed = Vec::new();
    for request in [
        json!({"game": "war", "seed": 4, "options": {"players": 3}}),
        json!({"game": "war", "seed": 5, "options": {"players": 2, "order": "fixed"}}),
        json!({"game": "quattro", "seed": 4, "options": {"rules": "uno"}}),
        json!({"game": "quattro", "seed": 72}),
        json!({"game": "ochos-locos", "seed": 4, "options": {"watch": true, "rules": "diversidad"}}),
        json!({"game": "ochos-locos", "seed": 15, "options": {"rules": "completos", "players": 4, "seat": 1}}),
        json!({"game": "ochos-locos", "seed": 3, "options": {"rules": "take-two"}}),
        json!({"game": "pig", "seed": 8, "options": {"rules": "classic", "goal": 30, "computer": "hold:10"}}),
    ] {
        let kind = Kind::from_slug(request["game"].as_str().unwrap()).unwrap();
        let game = start(&app, request.clone()).await;
        let to_end = kind == Kind::War || request["options"]["watch"] == true;
        let game = if to_end {
            act(&app, &game, &json!({"type": "to_end"})).await.1
        } else {
            play_out(&app, game, |_| {}).await.0
        };
        assert_eq!(game["over"], true, "{game}");
        let (status, _, text) = get_text(&app, game["recording"].as_str().unwrap()).await;
        assert_eq!(status, StatusCode::OK, "{text}");
        if kind == Kind::OchosLocos {
            // The person's seat is recorded (counted from 1), so the terminal's replay
            // tells the person's game; a watched game has no person.
            let recording: Value = serde_json::from_str(&text).unwrap();
            let person = match (&request["options"]["watch"], &request["options"]["seat"]) {
                (Value::Bool(true), _) => None,
                (_, Value::Number(seat)) => Some(format!("human={}", seat.as_u64().unwrap() + 1)),
                _ => Some("human=1".to_owned()),
            };
            let humans: Vec<String> = recording["options"]
                .as_array()
                .unwrap()
                .iter()
                .filter_map(|o| o.as_str().filter(|o| o.starts_with("human=")))
                .map(str::to_owned)
                .collect();
            assert_eq!(humans, person.into_iter().collect::<Vec<_>>(), "{text}");
        }
        let (status, replay) = call(&app, "POST", "/api/replays", &text).await;
        assert_eq!(status, StatusCode::OK, "{request}: {replay}");
        assert_eq!(replay["complete"], true);
        let last = replay["frames"].as_array().unwrap().last().unwrap();
        assert_eq!(last["outcome"], game["outcome"], "{request}");
        let held = |players: &Value| -> Vec<(Value, Value, Value)> {
            players
                .as_array()
                .unwrap()
                .iter()
                .map(|p| (p["name"].clone(), p["cards"].clone(), p["score"].clone()))
                .collect()
        };
        assert_eq!(held(&last["players"]), held(&game["players"]), "{request}");
        // The person's seat is "you" at every step, as on the live page (not "Bob,
        // basic"); a watched game has nobody's.
        let yours = |players: &Value| -> Vec<usize> {
            players
                .as_array()
                .unwrap()
                .iter()
                .enumerate()
                .filter(|(_, p)| p["plays"] == "you")
                .map(|(seat, _)| seat)
                .collect()
        };
        let live = yours(&game["players"]);
        let expected: Vec<usize> = match (&request["options"]["watch"], &request["options"]["seat"])
        {
            (Value::Bool(true), _) => vec![],
            (_, Value::Number(seat)) => vec![usize::try_from(seat.as_u64().unwrap()).unwrap()],
            _ => vec![0],
        };
        assert_eq!(live, expected, "{request}: {}", game["players"]);
        for frame in replay["frames"].as_array().unwrap() {
            assert_eq!(
                yours(&frame["players"]),
                live,
                "{request}: {}",
                frame["players"]
            );
            if let Some(&seat) = live.first()
                && frame["to_act"] == seat
            {
                assert_eq!(frame["status"], "Your turn", "{request}: {frame}");
            }
        }
        replayed.push(kind.slug());
    }
    assert_eq!(replayed.len(), 8, "{replayed:?}");
}

/// Files written by `GAME --record FILE` at the terminal (the trycmd cases' own files)
/// step through on the page to the end the terminal printed: the winner it named, or no
/// winner, and for a game quit part-way, a last frame that is not an end.
#[tokio::test]
async fn files_recorded_at_the_terminal_step_through_to_the_end_the_terminal_printed() {
    let (_, app) = app(Config::default());
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/cmd");
    // (the file, a line the terminal printed at the game's end, and for a game played to
    // its end Some(the winner's seat, or None for no winner); None for a game quit)
    for (file, terminal, winner) in [
        (
            "ochos-locos/record-human-completos.out/game.json",
            "Alice wins: they laid their last card first. You lose.",
            Some(Some(0)),
        ),
        (
            "ochos-locos/record-seeded-completos.out/game.json",
            "That was fun!",
            Some(None),
        ),
        (
            "quattro/record-uno-win.out/game.json",
            "You have no cards left: you win the game, Ann!",
            Some(Some(0)),
        ),
        (
            "war/record-auto.out/game.json",
            "Player 2 wins the game: every other player ran out of cards!",
            Some(Some(1)),
        ),
        (
            "war/record-quit.out/game.json",
            "No winner: the game was quit.",
            None,
        ),
    ] {
        let stdout =
            std::fs::read_to_string(root.join(file).parent().unwrap().with_extension("stdout"))
                .unwrap();
        assert!(
            stdout.contains(terminal),
            "{file}: the terminal printed no `{terminal}`"
        );
        let text = std::fs::read_to_string(root.join(file)).unwrap();
        let (status, replay) = call(&app, "POST", "/api/replays", &text).await;
        assert_eq!(status, StatusCode::OK, "{file}: {replay}");
        let last = replay["frames"].as_array().unwrap().last().unwrap();
        match winner {
            Some(seat) => {
                assert_eq!(replay["complete"], true, "{file}");
                assert_eq!(last["outcome"]["winner"], json!(seat), "{file}: {last}");
            }
            None => {
                assert_eq!(replay["complete"], false, "{file}");
                assert_eq!(last["outcome"], Value::Null, "{file}");
            }
        }
    }
}

/// A page that reloads is sent the last request's lines again, word for word, however
/// the server keeps them: a War of 8 played to its end (300 lines and the line that
/// counts the rest, kept as what makes them again), 10 battles of 2 players, a watched
/// Ochos Locos to its end and its next turn, a Quattro move (short, kept written), and
/// after a refused action the lines of the last accepted one.
#[tokio::test]
async fn a_reload_is_sent_the_last_requests_lines_again() {
    let (_, app) = app(Config::default());
    let cases = [
        (
            json!({"game": "war", "seed": 3, "options": {"players": 8}}),
            json!({"type": "to_end"}),
        ),
        (
            json!({"game": "war", "seed": 5}),
            json!({"type": "battle", "count": 10}),
        ),
        (
            json!({"game": "ochos-locos", "seed": 15, "options": {"players": 6, "rules": "more-the-merrier", "watch": true}}),
            json!({"type": "to_end"}),
        ),
        (
            json!({"game": "ochos-locos", "seed": 15, "options": {"watch": true}}),
            json!({"type": "next"}),
        ),
        (
            json!({"game": "quattro", "seed": 72, "options": {"rules": "uno"}}),
            Value::Null,
        ),
    ];
    for (request, action) in cases {
        let game = start(&app, request.clone()).await;
        let id = game["id"].as_str().unwrap().to_owned();
        let action = if action.is_null() {
            choose(&game, 0)
        } else {
            action
        };
        let (status, played) = act(&app, &game, &action).await;
        assert_eq!(status, StatusCode::OK, "{request} {action}: {played}");
        let lines = played["log"].as_array().unwrap();
        assert!(!lines.is_empty(), "{request} {action}");
        if action["type"] == "to_end" && request["game"] == "war" {
            // The longest log a response carries: the cap and the line counting the rest.
            assert_eq!(lines.len(), 301, "{request}");
            assert_eq!(lines[0]["kind"], "skipped");
        }
        let (status, shown) = call(&app, "GET", &format!("/api/games/{id}"), "").await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(shown, played, "{request} {action}: a reload differs");
        // A refused request leaves the lines of the last accepted one.
        let (status, _) = act(&app, &game, &json!({"type": "no such action"})).await;
        assert_eq!(status, StatusCode::BAD_REQUEST);
        let (_, again) = call(&app, "GET", &format!("/api/games/{id}"), "").await;
        assert_eq!(again["log"], played["log"], "{request} {action}");
    }
}

/// Issue 37: sixty connections reading one War whose last request played 13,233
/// battles made every request slow, an unrelated `/api/stats` too, since each read
/// played the request again, on the async workers, holding the game's lock. The lines
/// are made again once, whoever reads them and however often; a new request's lines are
/// made again once more.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_long_log_is_made_again_once_for_any_number_of_reads() {
    let (state, app) = app(Config::default());
    let game = start(&app, json!({"game": "war", "seed": 3})).await;
    let id = game["id"].as_str().unwrap().to_owned();
    let (status, played) = act(&app, &game, &json!({"type": "to_end"})).await;
    assert_eq!(status, StatusCode::OK, "{played}");
    assert_eq!(played["log"].as_array().unwrap().len(), 301, "{played}");
    assert_eq!(state.logs_replayed(), 0);
    let reads: Vec<_> = (0..20)
        .map(|_| {
            let app = app.clone();
            let uri = format!("/api/games/{id}");
            tokio::spawn(async move { call(&app, "GET", &uri, "").await })
        })
        .collect();
    for read in reads {
        let (status, shown) = read.await.unwrap();
        assert_eq!(status, StatusCode::OK);
        assert_eq!(shown, played, "a reload differs");
    }
    assert_eq!(
        state.logs_replayed(),
        1,
        "the lines were made again more than once"
    );
    // Another game's reads make its own lines again, once.
    let other = start(&app, json!({"game": "war", "seed": 4})).await;
    let (_, told) = act(&app, &other, &json!({"type": "to_end"})).await;
    let other_id = other["id"].as_str().unwrap();
    for _ in 0..5 {
        let (_, shown) = call(&app, "GET", &format!("/api/games/{other_id}"), "").await;
        assert_eq!(shown["log"], told["log"]);
    }
    assert_eq!(state.logs_replayed(), 2);
}

/// Issue 37: a body giving a key twice was read silently, the last value kept
/// (`{"type": "battle", "type": "to_end"}` played to the end). It is refused with 400
/// and one line naming the key, in a start request, an action (the game unchanged) and
/// a recording, at any depth.
#[tokio::test]
async fn a_key_given_twice_is_refused() {
    let (state, app) = app(Config::default());
    let game = start(&app, json!({"game": "war", "seed": 9})).await;
    let id = game["id"].as_str().unwrap().to_owned();
    let before = internal(&state, &game);
    let recording = r#"{"format": "cards-replay 1", "game": "pig", "options": ["rules=two-dice", "goal=20"], "seed": "3", "actions": ["n"], "actions": []}"#;
    for (uri, body, key) in [
        (
            "/api/games".to_owned(),
            r#"{"game": "war", "game": "pig"}"#,
            "game",
        ),
        (
            "/api/games".to_owned(),
            r#"{"game": "war", "options": {"players": 2, "players": 8}}"#,
            "players",
        ),
        (
            format!("/api/games/{id}/actions"),
            r#"{"type": "battle", "type": "to_end"}"#,
            "type",
        ),
        ("/api/replays".to_owned(), recording, "actions"),
    ] {
        let (status, answer) = call(&app, "POST", &uri, body).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}: {answer}");
        assert_eq!(answer["code"], "malformed", "{answer}");
        let error = answer["error"].as_str().unwrap();
        assert!(
            error.starts_with(&format!(
                "the body is refused: the key \"{key}\" is given twice in an object at line 1"
            )),
            "{error}"
        );
    }
    assert_eq!(
        internal(&state, &game),
        before,
        "a refused action changed the game"
    );
    assert_eq!(state.live(), 1);
}

/// Issue 37: names a recording gives are shown with what a person cannot see in them
/// escaped, in the frames' players and lines (a right-to-left override, a tag
/// character, a zero-width space), as the terminal's replay shows them; Quattro, whose
/// console refuses such names, refuses the recording.
#[tokio::test]
async fn invisible_characters_in_a_recordings_names_are_shown_escaped() {
    let (_, app) = app(Config::default());
    let ochos = json!({"format": "cards-replay 1", "game": "ochos-locos",
        "options": ["rules=completos", "players=Ann%E2%80%AEnna:N,B\u{e0041}ob:N,Carol\u{200b}:N,Dave:S"],
        "seed": "7", "actions": []});
    {
        let names = ["Ann\\u{202e}nna", "B\\u{e0041}ob", "Carol\\u{200b}", "Dave"];
        let (status, replay) = call(&app, "POST", "/api/replays", &ochos.to_string()).await;
        assert_eq!(status, StatusCode::OK, "{replay}");
        // The frames are what the page shows; `options` gives the recording's own back.
        let text = replay["frames"].to_string();
        assert!(
            !text.contains(['\u{202e}', '\u{e0041}', '\u{200b}', '\u{fe0f}', '\u{3164}']),
            "{text}"
        );
        let frames = replay["frames"].as_array().unwrap();
        let shown: Vec<&str> = frames.last().unwrap()["players"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p["name"].as_str().unwrap())
            .collect();
        assert_eq!(shown, names, "{text}");
    }
    // Quattro refuses such a name, as its console does, and never shows it.
    let quattro = json!({"format": "cards-replay 1", "game": "quattro",
        "options": ["rules=quattro", "max-turns=1000", "seat1=human:Ann\u{fe0f}\u{3164}",
            "seat2=bot:Player 2", "seat3=bot:Player 3", "seat4=bot:Player 4"],
        "seed": "7", "actions": []});
    let (status, refused) = call(&app, "POST", "/api/replays", &quattro.to_string()).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{refused}");
    assert!(
        !refused.to_string().contains(['\u{fe0f}', '\u{3164}']),
        "{refused}"
    );
}

/// A rule set whose table plays another's rules (Problem 4 with three players plays
/// Problem 3's) is shown by the name the page asked for, live as in a replay.
#[tokio::test]
async fn the_page_shows_the_rule_set_it_asked_for() {
    let (_, app) = app(Config::default());
    let game = start(
        &app,
        json!({"game": "ochos-locos", "seed": 3, "options": {"rules": "more-the-merrier", "players": 3}}),
    )
    .await;
    assert_eq!(game["view"]["rules"], "more-the-merrier", "{game}");
    assert_eq!(game["players"].as_array().unwrap().len(), 3);
}

/// Pig on the page plays the Computer of the assignment and the command line, holding
/// at 20, unless the optimal one (the strong opponent) is chosen; the replay address
/// says which was played.
#[tokio::test]
async fn pig_plays_the_assignments_computer_unless_another_is_chosen() {
    let (_, app) = app(Config::default());
    for (options, plays) in [
        (json!({}), "hold:20"),
        (json!({"rules": "classic", "goal": 50}), "hold:20"),
        (json!({"computer": "optimal"}), "optimal"),
        (json!({"computer": "hold:15"}), "hold:15"),
    ] {
        let game = start(&app, json!({"game": "pig", "seed": 3, "options": options})).await;
        assert_eq!(game["players"][0]["plays"], "you", "{game}");
        assert_eq!(game["players"][1]["plays"], plays, "{options}: {game}");
        let replay = game["replay"].as_str().unwrap();
        assert!(replay.contains(&format!("computer={plays}")), "{replay}");
    }
}

/// A penalty is told as a person says it: "Bob cannot answer the 2 and draws 2 cards"
/// (Ochos Locos), "Player 3 draws 4 cards as a penalty" (Quattro); never "draws 2 of 2"
/// or "draws 4 as a penalty".
#[tokio::test]
async fn a_penalty_line_says_how_many_cards() {
    let (_, app) = app(Config::default());
    let counted = wording::counted;
    let mut seen = [0, 0];
    for seed in 0..20 {
        for (i, request) in [
            json!({"game": "ochos-locos", "seed": seed, "options": {"rules": "completos", "watch": true}}),
            json!({"game": "quattro", "seed": seed, "options": {"rules": "uno"}}),
        ]
        .into_iter()
        .enumerate()
        {
            let game = start(&app, request.clone()).await;
            let mut lines: Vec<String> = Vec::new();
            let mut keep = |g: &Value| {
                for e in g["log"].as_array().unwrap() {
                    lines.push(e["text"].as_str().unwrap().to_owned());
                }
            };
            if i == 0 {
                keep(&game);
                keep(&act(&app, &game, &json!({"type": "to_end"})).await.1);
            } else {
                play_out(&app, game, keep).await;
            }
            for line in lines.iter().filter(|l| l.contains("penalty") || l.contains("answer the 2")) {
                let told = match i {
                    0 => line
                        .split_once(" cannot answer the 2 and draws ")
                        .map(|(_, rest)| rest),
                    _ => line
                        .split_once(" draws ")
                        .or_else(|| line.split_once("You draw "))
                        .and_then(|(_, rest)| rest.strip_suffix(" as a penalty")),
                };
                if i == 0 && line.contains("; the deck is empty, so none of the ") {
                    continue;
                }
                let told = told.unwrap_or_else(|| panic!("{request}: {line}"));
                assert!(counted(told), "{request}: {line}");
                seen[i] += 1;
            }
        }
    }
    assert!(seen[0] > 0 && seen[1] > 0, "no penalty drawn: {seen:?}");
}

/// What telling a number of cards looks like, without a regex crate.
mod wording {
    /// `2 cards`, `1 card`, or a short deck's `3 cards, all the deck held of the 4 owed`.
    pub fn counted(told: &str) -> bool {
        let told = told
            .split_once(", all the deck held of the ")
            .map_or(told, |(count, owed)| {
                if owed.strip_suffix(" owed").is_some_and(is_number) {
                    count
                } else {
                    "not counted"
                }
            });
        match told.split_once(' ') {
            Some(("1", "card")) => true,
            Some((n, "cards")) => is_number(n) && n != "1",
            _ => false,
        }
    }

    fn is_number(text: &str) -> bool {
        !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit())
    }
}
