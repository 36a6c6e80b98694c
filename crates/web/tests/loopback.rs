//! The server's limits over real connections on loopback: slow heads, slow bodies and
//! idle kept-alive connections are cut off at their timeouts (short ones here, one
//! second, so that the test takes seconds) while other clients are served; the cap on
//! connections answers in JSON; hyper's own refusals (`431`, a bad `Content-Length`) are
//! the API's JSON; SIGTERM with a request half sent stops the binary within its grace.
//!
//! What is asserted is behaviour (closed or answered, and not before the timeout); the
//! upper bounds are loose (the timeout plus seconds), since the machine may be busy.
//! Latency and memory figures are measured by `examples/load.rs`, not here.

#![allow(clippy::unwrap_used)]

use std::net::SocketAddr;
use std::process::{Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

use serde_json::Value;
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpStream;
use tokio::sync::oneshot;
use web::{AppState, Config};

const TIMEOUT: Duration = Duration::from_secs(1);
/// How much later than its timeout a cut may come on a busy machine (4 s was passed
/// once at a load average of 15 on 2 cores): the bound shows that a cut comes, not how
/// fast.
const SLACK: Duration = Duration::from_secs(15);

/// A server on a free loopback port, stopped when the sender is dropped.
async fn server(config: Config) -> (SocketAddr, Arc<AppState>, oneshot::Sender<()>) {
    let listener = web::listen::bind("127.0.0.1:0".parse().unwrap())
        .await
        .unwrap();
    let addr = listener.local_addr().unwrap();
    let state = Arc::new(AppState::new(Config { addr, ..config }));
    let (stop, stopped) = oneshot::channel::<()>();
    let serving = Arc::clone(&state);
    tokio::spawn(async move {
        web::serve_until(listener, serving, Duration::from_secs(60), async {
            let _ = stopped.await;
        })
        .await
    });
    (addr, state, stop)
}

fn short() -> Config {
    Config {
        header_timeout: TIMEOUT,
        body_timeout: TIMEOUT,
        ..Config::default()
    }
}

/// Reads one response: its status, its head (lower case) and its body.
async fn response(stream: &mut BufReader<TcpStream>) -> (u16, String, String) {
    let mut head = String::new();
    loop {
        let mut line = String::new();
        let n = stream.read_line(&mut line).await.unwrap();
        assert!(n > 0, "closed before a whole head: {head:?}");
        head.push_str(&line.to_ascii_lowercase());
        if line == "\r\n" {
            break;
        }
    }
    let status = head[9..12].parse().unwrap();
    let length: usize = head
        .lines()
        .find_map(|l| l.strip_prefix("content-length: "))
        .map_or(0, |n| n.trim().parse().unwrap());
    let mut body = vec![0; length];
    stream.read_exact(&mut body).await.unwrap();
    (status, head, String::from_utf8(body).unwrap())
}

/// Waits for the server to close `stream` (reading and dropping anything it sends):
/// how long it took.
async fn closed(stream: &mut BufReader<TcpStream>, since: Instant) -> Duration {
    let mut sink = [0u8; 1024];
    loop {
        match tokio::time::timeout(TIMEOUT + SLACK, stream.read(&mut sink)).await {
            Err(_) => panic!("still open after {:?}", since.elapsed()),
            Ok(Ok(0) | Err(_)) => return since.elapsed(),
            Ok(Ok(_)) => {}
        }
    }
}

async fn connect(addr: SocketAddr) -> BufReader<TcpStream> {
    BufReader::new(TcpStream::connect(addr).await.unwrap())
}

fn json(body: &str) -> Value {
    serde_json::from_str(body).unwrap_or_else(|e| panic!("not JSON ({e}): {body}"))
}

async fn get_stats(addr: SocketAddr) -> (u16, String) {
    let mut s = connect(addr).await;
    s.get_mut()
        .write_all(b"GET /api/stats HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        .await
        .unwrap();
    let (status, _, body) = response(&mut s).await;
    (status, body)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn slow_heads_slow_bodies_and_idle_connections_are_cut_off() {
    let (addr, _state, _stop) = server(short()).await;

    // A head that stops half way; one that trickles a byte every 200 ms (a deadline for
    // the whole head, not between bytes); an idle kept-alive connection after a request.
    let started = Instant::now();
    let mut half = connect(addr).await;
    half.get_mut()
        .write_all(b"GET /api/stats HTTP/1.1\r\nHo")
        .await
        .unwrap();
    let mut trickle = connect(addr).await;
    let trickling = tokio::spawn(async move {
        let since = Instant::now();
        for byte in b"GET /api/stats HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: "
            .iter()
            .cycle()
        {
            if trickle.get_mut().write_all(&[*byte]).await.is_err() {
                break;
            }
            tokio::time::sleep(Duration::from_millis(200)).await;
            if since.elapsed() > TIMEOUT + SLACK {
                panic!("a trickled head is still read after {:?}", since.elapsed());
            }
        }
        since.elapsed()
    });
    let mut idle = connect(addr).await;
    idle.get_mut()
        .write_all(b"GET /api/stats HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        .await
        .unwrap();
    let (status, _, _) = response(&mut idle).await;
    assert_eq!(status, 200);
    let idle_since = Instant::now();

    // Meanwhile other clients are served.
    let (status, body) = get_stats(addr).await;
    assert_eq!(status, 200, "{body}");

    let half_cut = closed(&mut half, started).await;
    let idle_cut = closed(&mut idle, idle_since).await;
    let trickle_cut = trickling.await.unwrap();
    for (what, cut) in [
        ("half a head", half_cut),
        ("an idle kept-alive connection", idle_cut),
    ] {
        assert!(
            cut >= TIMEOUT && cut < TIMEOUT + SLACK,
            "{what}: cut after {cut:?}"
        );
    }
    // The trickler notices when a write fails, a little after the cut.
    assert!(
        trickle_cut >= TIMEOUT,
        "trickled head cut after {trickle_cut:?}"
    );

    // A body that stops: 408 in JSON, then the connection closes.
    let mut slow = connect(addr).await;
    let since = Instant::now();
    slow.get_mut()
        .write_all(
            b"POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n\
              Content-Length: 100\r\n\r\n{\"game\": ",
        )
        .await
        .unwrap();
    let (status, head, body) = response(&mut slow).await;
    let took = since.elapsed();
    assert_eq!(status, 408, "{head}{body}");
    assert_eq!(json(&body)["code"], "timeout");
    assert!(head.contains("connection: close"), "{head}");
    assert!(took >= TIMEOUT && took < TIMEOUT + SLACK, "{took:?}");
    closed(&mut slow, since).await;

    let (status, body) = get_stats(addr).await;
    assert_eq!((status, json(&body)["live_games"].as_u64()), (200, Some(0)));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_http_layers_refusals_are_json() {
    let (addr, _state, _stop) = server(short()).await;
    let big = format!(
        "GET /api/stats HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: {}\r\n\r\n",
        "a".repeat(20_000)
    );
    let many: String = (0..100).map(|i| format!("X-H{i}: 1\r\n")).collect();
    let many = format!("GET /api/stats HTTP/1.1\r\nHost: 127.0.0.1\r\n{many}\r\n");
    let cases = [
        (big, 431, "too_large"),
        (many, 431, "too_large"),
        (
            "POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: abc\r\n\r\n{}".to_owned(),
            400,
            "malformed",
        ),
        (
            "POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n{}".to_owned(),
            400,
            "malformed",
        ),
        ("GET /api/stats HTTP/1.1\r\nHost: 127.0.0.1\r\nBad Header\r\n\r\n".to_owned(), 400, "malformed"),
        ("GET /api/games/%ff HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".to_owned(), 404, "not_found"),
        ("POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 0\r\n\r\n".to_owned(), 405, "method"),
        ("DELETE /assets/app.js HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".to_owned(), 405, "method"),
        ("GET / HTTP/1.1\r\nHost: attacker.example\r\n\r\n".to_owned(), 403, "host"),
        (
            "POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: text/plain\r\nContent-Length: 15\r\n\r\n{\"game\":\"war\"}".to_owned(),
            415,
            "content_type",
        ),
    ];
    for (request, status, code) in cases {
        let mut s = connect(addr).await;
        s.get_mut().write_all(request.as_bytes()).await.unwrap();
        let (got, head, body) = response(&mut s).await;
        let shown = &request[..request.len().min(60)];
        assert_eq!(got, status, "{shown}: {head}{body}");
        assert!(
            head.contains("content-type: application/json"),
            "{shown}: {head}"
        );
        let error = json(&body);
        assert_eq!(error["code"], code, "{shown}: {body}");
        assert!(error["error"].as_str().is_some_and(|e| !e.is_empty()));
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn connections_beyond_the_cap_are_refused_in_json() {
    let (addr, _state, _stop) = server(Config {
        max_connections: 4,
        connections_per_client: 3,
        ..short()
    })
    .await;
    let mut held = Vec::new();
    for _ in 0..3 {
        let mut s = connect(addr).await;
        s.get_mut()
            .write_all(b"GET /api/stats HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            .await
            .unwrap();
        assert_eq!(response(&mut s).await.0, 200);
        held.push(s);
    }
    // The fourth from the same client: over its share.
    let mut s = connect(addr).await;
    s.get_mut()
        .write_all(b"GET /api/stats HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        .await
        .unwrap();
    let (status, _, body) = response(&mut s).await;
    assert_eq!(
        (status, json(&body)["code"].as_str()),
        (503, Some("busy")),
        "{body}"
    );
    assert!(body.contains("maximum of 3 connections"), "{body}");
    // Once the idle ones are cut off, there is room again.
    drop(held);
    tokio::time::sleep(Duration::from_millis(300)).await;
    let (status, body) = get_stats(addr).await;
    assert_eq!(status, 200, "{body}");
}

/// SIGTERM, or SIGINT (Ctrl-C), while a request is half sent (and the head timeout is a
/// minute away): the binary exits within its grace of 3 seconds (and a little more on a
/// busy machine).
#[cfg(unix)]
#[test]
fn sigterm_or_sigint_with_a_half_sent_request_exits_within_the_grace() {
    for signal in ["-TERM", "-INT"] {
        stops_within_the_grace(signal);
    }
}

#[cfg(unix)]
fn stops_within_the_grace(signal: &str) {
    use std::io::{BufRead, Write};
    let mut child = Command::new(env!("CARGO_BIN_EXE_cardgames-web"))
        .args([
            "--port",
            "0",
            "--header-timeout",
            "60",
            "--body-timeout",
            "60",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut line = String::new();
    std::io::BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let addr = line
        .split("http://")
        .nth(1)
        .and_then(|rest| rest.split('/').next())
        .unwrap_or_else(|| panic!("no address in {line:?}"))
        .to_owned();
    let mut head = std::net::TcpStream::connect(&addr).unwrap();
    head.write_all(b"GET /api/stats HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Half: ")
        .unwrap();
    let mut body = std::net::TcpStream::connect(&addr).unwrap();
    body.write_all(
        b"POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 50\r\n\r\n{",
    )
    .unwrap();
    std::thread::sleep(Duration::from_millis(300));
    let sent = Instant::now();
    let killed = Command::new("kill")
        .args([signal, &child.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    let deadline = Config::DEFAULT_SHUTDOWN_GRACE + SLACK;
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if sent.elapsed() > deadline {
            let _ = child.kill();
            panic!("still running {:?} after kill {signal}", sent.elapsed());
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    assert!(status.success(), "{signal}: {status:?}");
    drop((head, body));
}

/// A stop signal lets a request in flight finish: a body still arriving when the server
/// is told to stop is answered (here `408`, at its one-second body timeout, within the
/// grace of 3 seconds), new connections are no longer accepted, and the server returns.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stop_lets_the_request_in_flight_finish_then_returns() {
    let listener = web::listen::bind("127.0.0.1:0".parse().unwrap())
        .await
        .unwrap();
    let addr = listener.local_addr().unwrap();
    let state = Arc::new(AppState::new(Config { addr, ..short() }));
    let (stop, stopped) = oneshot::channel::<()>();
    let serving = tokio::spawn(web::serve_until(
        listener,
        state,
        Duration::from_secs(60),
        async {
            let _ = stopped.await;
        },
    ));
    let mut slow = connect(addr).await;
    slow.get_mut()
        .write_all(
            b"POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n\
              Content-Length: 100\r\n\r\n{\"game\": ",
        )
        .await
        .unwrap();
    tokio::time::sleep(Duration::from_millis(200)).await;
    let since = Instant::now();
    drop(stop);
    let (status, _, body) = response(&mut slow).await;
    assert_eq!(
        (status, json(&body)["code"].as_str()),
        (408, Some("timeout")),
        "{body}"
    );
    tokio::time::timeout(Config::DEFAULT_SHUTDOWN_GRACE + SLACK, serving)
        .await
        .expect("the server did not return within its grace")
        .unwrap()
        .unwrap();
    assert!(since.elapsed() < Config::DEFAULT_SHUTDOWN_GRACE + SLACK);
    assert!(
        TcpStream::connect(addr).await.is_err(),
        "still accepting after the stop"
    );
}
