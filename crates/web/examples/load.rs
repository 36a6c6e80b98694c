//! The web server's load test, run by hand against a running server (release builds of
//! both, on one machine):
//!
//! ```text
//! cargo run --release -p cardgames-web -- --port 8080 &
//! cargo run --release -p cardgames-web --example load -- 127.0.0.1:8080 1000 32 20
//! ```
//!
//! Arguments: the server's address, the number of live games to keep (default 1000), the
//! number of connections (default 32, one thread each, HTTP/1.1 keep-alive), the
//! seconds to run (default 20) and the number of slow clients attacking meanwhile
//! (default 0: half send a request's head a byte a second, half a body after
//! `Content-Length: 100`, each reconnecting once cut off; the cut-offs are counted and
//! timed). `load ADDRESS cold-pig N` instead sends N first requests for Pig's optimal
//! Computer at once (two dice, to 100: the largest table) and reports how many tables
//! the server solved. `crates/web/load/run.sh` runs both against a fresh server and
//! reads its memory. It starts the games (the four in turn, seeded 0, 1, 2…),
//! then each connection plays its share of them: it reads a game's legal actions from its
//! last response and sends the first, and replaces a finished game with a new one, so
//! that the number of live games stays the same. One request in four is a plain `GET` of
//! a game. It prints requests per second and the latency percentiles of all requests.

use std::error::Error;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::sync::{Arc, Barrier};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

type Result<T> = std::result::Result<T, Box<dyn Error + Send + Sync>>;

const GAMES: [&str; 4] = ["ochos-locos", "quattro", "war", "pig"];

/// One keep-alive connection.
struct Client {
    host: String,
    reader: BufReader<TcpStream>,
    writer: TcpStream,
}

impl Client {
    fn connect(host: &str) -> Result<Client> {
        let stream = TcpStream::connect(host)?;
        stream.set_nodelay(true)?;
        Ok(Client {
            host: host.to_owned(),
            reader: BufReader::new(stream.try_clone()?),
            writer: stream,
        })
    }

    /// Sends a request and reads the response: its status and JSON body.
    fn request(&mut self, method: &str, path: &str, body: Option<&Value>) -> Result<(u16, Value)> {
        let body = body.map(Value::to_string).unwrap_or_default();
        write!(
            self.writer,
            "{method} {path} HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
            self.host,
            body.len()
        )?;
        self.writer.flush()?;
        let mut line = String::new();
        self.reader.read_line(&mut line)?;
        let status: u16 = line
            .split_whitespace()
            .nth(1)
            .ok_or("no status line")?
            .parse()?;
        let mut length = 0;
        loop {
            line.clear();
            self.reader.read_line(&mut line)?;
            let header = line.trim_end();
            if header.is_empty() {
                break;
            }
            if let Some((name, value)) = header.split_once(':')
                && name.eq_ignore_ascii_case("content-length")
            {
                length = value.trim().parse()?;
            }
        }
        let mut bytes = vec![0; length];
        self.reader.read_exact(&mut bytes)?;
        let json = if bytes.is_empty() {
            Value::Null
        } else {
            serde_json::from_slice(&bytes)?
        };
        Ok((status, json))
    }

    fn start(&mut self, game: usize, seed: u64) -> Result<Value> {
        let options = match GAMES[game % 4] {
            "pig" => {
                json!({"computer": if seed.is_multiple_of(2) { "optimal" } else { "hold:20" }})
            }
            "quattro" => json!({"rules": if seed.is_multiple_of(2) { "uno" } else { "quattro" }}),
            _ => json!({}),
        };
        let request = json!({"game": GAMES[game % 4], "seed": seed, "options": options});
        let (status, game) = self.request("POST", "/api/games", Some(&request))?;
        if status != 201 {
            return Err(format!("start: {status} {game}").into());
        }
        Ok(game)
    }
}

/// What one connection measured.
#[derive(Default)]
struct Tally {
    latencies: Vec<Duration>,
    errors: usize,
    finished: usize,
}

fn run(host: &str, games: Vec<Value>, first_seed: u64, until: Instant) -> Result<Tally> {
    let mut client = Client::connect(host)?;
    let mut games = games;
    let mut tally = Tally::default();
    let mut seed = first_seed;
    let mut n = 0usize;
    while Instant::now() < until && !games.is_empty() {
        let at = n % games.len();
        let id = games[at]["id"].as_str().ok_or("no id")?.to_owned();
        let started = Instant::now();
        let (status, next) = if n % 4 == 3 {
            client.request("GET", &format!("/api/games/{id}"), None)?
        } else {
            let action = games[at]["legal"][0]["action"].clone();
            client.request("POST", &format!("/api/games/{id}/actions"), Some(&action))?
        };
        tally.latencies.push(started.elapsed());
        n += 1;
        if status != 200 {
            tally.errors += 1;
            continue;
        }
        if next["over"].as_bool() == Some(true) {
            tally.finished += 1;
            let started = Instant::now();
            let (status, _) = client.request("DELETE", &format!("/api/games/{id}"), None)?;
            tally.latencies.push(started.elapsed());
            tally.errors += usize::from(status != 204);
            let started = Instant::now();
            games[at] = client.start(n, seed)?;
            tally.latencies.push(started.elapsed());
            seed += 1;
        } else {
            games[at] = next;
        }
    }
    Ok(tally)
}

/// One slow client until `until`: a head (or, if `body`, a body) a byte a second, again
/// after each cut. The time from connecting to each cut, and the statuses answered.
fn slow(host: &str, body: bool, until: Instant) -> (Vec<Duration>, Vec<u16>) {
    let (mut cuts, mut statuses) = (Vec::new(), Vec::new());
    while Instant::now() < until {
        let Ok(mut stream) = TcpStream::connect(host) else {
            std::thread::sleep(Duration::from_millis(100));
            continue;
        };
        let began = Instant::now();
        if body {
            let head = format!(
                "POST /api/games HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n"
            );
            if stream.write_all(head.as_bytes()).is_err() {
                continue;
            }
        }
        let _ = stream.set_read_timeout(Some(Duration::from_millis(1000)));
        let trickle: &[u8] = if body { b" " } else { b"X" };
        let start: &[u8] = if body {
            b"{"
        } else {
            b"GET / HTTP/1.1\r\nX-Slow: "
        };
        let mut cut = stream.write_all(start).is_err();
        while !cut && Instant::now() < until {
            // Reading waits the second between bytes and sees the server's answer or close.
            let mut buf = [0u8; 512];
            match stream.read(&mut buf) {
                Ok(0) => cut = true,
                Ok(n) => {
                    if let Some(status) = std::str::from_utf8(&buf[..n])
                        .ok()
                        .and_then(|t| t.split_whitespace().nth(1))
                        .and_then(|s| s.parse().ok())
                    {
                        statuses.push(status);
                    }
                }
                Err(e)
                    if matches!(
                        e.kind(),
                        std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                    ) =>
                {
                    cut = stream.write_all(trickle).is_err();
                }
                Err(_) => cut = true,
            }
        }
        if cut {
            cuts.push(began.elapsed());
        }
    }
    (cuts, statuses)
}

/// `cold-pig N`: N first requests for the same Pig table at once.
fn cold_pig(host: &str, n: usize) -> Result<()> {
    let barrier = Arc::new(Barrier::new(n));
    let began = Instant::now();
    let handles: Vec<_> = (0..n)
        .map(|i| {
            let host = host.to_owned();
            let barrier = Arc::clone(&barrier);
            std::thread::spawn(move || -> Result<(u16, Duration)> {
                let mut client = Client::connect(&host)?;
                barrier.wait();
                let started = Instant::now();
                let request = json!({"game": "pig", "seed": i, "options": {"computer": "optimal", "goal": 100}});
                let (status, _) = client.request("POST", "/api/games", Some(&request))?;
                Ok((status, started.elapsed()))
            })
        })
        .collect();
    let mut slowest = Duration::ZERO;
    let mut created = 0;
    for handle in handles {
        let (status, took) = handle.join().map_err(|_| "a thread panicked")??;
        created += usize::from(status == 201);
        slowest = slowest.max(took);
    }
    let (_, stats) = Client::connect(host)?.request("GET", "/api/stats", None)?;
    println!(
        "{created} of {n} cold Pig starts created in {:.2} s (slowest {:.2} s); tables solved: {}",
        began.elapsed().as_secs_f64(),
        slowest.as_secs_f64(),
        stats["pig_tables_solved"]
    );
    Ok(())
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let at = ((sorted.len() as f64 * p).ceil() as usize).clamp(1, sorted.len()) - 1;
    sorted[at]
}

fn main() -> Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let host = args
        .first()
        .map_or("127.0.0.1:8080", String::as_str)
        .to_owned();
    if args.get(1).map(String::as_str) == Some("cold-pig") {
        return cold_pig(&host, args.get(2).map_or(Ok(200), |a| a.parse())?);
    }
    let live: usize = args.get(1).map_or(Ok(1000), |a| a.parse())?;
    let connections: usize = args.get(2).map_or(Ok(32), |a| a.parse())?;
    let seconds: u64 = args.get(3).map_or(Ok(20), |a| a.parse())?;
    let attackers: usize = args.get(4).map_or(Ok(0), |a| a.parse())?;
    let connections = connections.clamp(1, live.max(1));

    let mut client = Client::connect(&host)?;
    let setup = Instant::now();
    let mut games = Vec::with_capacity(live);
    for i in 0..live {
        games.push(client.start(i, i as u64)?);
    }
    println!(
        "started {live} games in {:.2} s",
        setup.elapsed().as_secs_f64()
    );

    let until = Instant::now() + Duration::from_secs(seconds);
    let began = Instant::now();
    let slow_handles: Vec<_> = (0..attackers)
        .map(|i| {
            let host = host.clone();
            std::thread::spawn(move || slow(&host, i % 2 == 1, until))
        })
        .collect();
    let mut shares: Vec<Vec<Value>> = vec![Vec::new(); connections];
    for (i, game) in games.into_iter().enumerate() {
        shares[i % connections].push(game);
    }
    let handles: Vec<_> = shares
        .into_iter()
        .enumerate()
        .map(|(i, share)| {
            let host = host.clone();
            let first_seed = 1_000_000 * (i as u64 + 1);
            std::thread::spawn(move || run(&host, share, first_seed, until))
        })
        .collect();
    let mut latencies = Vec::new();
    let (mut errors, mut finished) = (0, 0);
    for handle in handles {
        let tally = handle
            .join()
            .map_err(|_| "a connection's thread panicked")??;
        latencies.extend(tally.latencies);
        errors += tally.errors;
        finished += tally.finished;
    }
    let elapsed = began.elapsed().as_secs_f64();
    latencies.sort();
    // A new connection: the first one has been idle longer than the keep-alive time.
    let (_, stats) = Client::connect(&host)?.request("GET", "/api/stats", None)?;
    println!(
        "{} requests in {elapsed:.1} s over {connections} connections: {:.0} requests/s, {errors} errors, {finished} games finished and replaced",
        latencies.len(),
        latencies.len() as f64 / elapsed
    );
    println!(
        "latency: p50 {:.2} ms, p90 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
        percentile(&latencies, 0.50).as_secs_f64() * 1e3,
        percentile(&latencies, 0.90).as_secs_f64() * 1e3,
        percentile(&latencies, 0.99).as_secs_f64() * 1e3,
        latencies.last().copied().unwrap_or_default().as_secs_f64() * 1e3,
    );
    println!("live games at the end: {}", stats["live_games"]);
    if attackers > 0 {
        let (mut heads, mut bodies, mut statuses) = (Vec::new(), Vec::new(), Vec::new());
        for (i, handle) in slow_handles.into_iter().enumerate() {
            let (cuts, answered) = handle.join().map_err(|_| "a slow client panicked")?;
            if i % 2 == 1 {
                bodies.extend(cuts)
            } else {
                heads.extend(cuts)
            }
            statuses.extend(answered);
        }
        let mean = |cuts: &[Duration]| {
            cuts.iter().map(Duration::as_secs_f64).sum::<f64>() / cuts.len().max(1) as f64
        };
        let max = |cuts: &[Duration]| cuts.iter().max().copied().unwrap_or_default().as_secs_f64();
        statuses.sort_unstable();
        statuses.dedup();
        println!(
            "{attackers} slow clients: {} slow heads cut off after {:.2} s on average (at most {:.2} s), {} slow bodies after {:.2} s (at most {:.2} s); statuses answered to them: {statuses:?}",
            heads.len(),
            mean(&heads),
            max(&heads),
            bodies.len(),
            mean(&bodies),
            max(&bodies)
        );
    }
    Ok(())
}
