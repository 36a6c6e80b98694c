//! Command-line arguments (clap) and the runtime. Only the binary knows clap.

use std::io::Write;
use std::net::{IpAddr, SocketAddr};
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;

use cards_core::cli::{parse_game_args, report};
use clap::Parser;
use web::{AppState, Config};

const PROGRAM: &str = "cardgames-web";

const EXAMPLES: &str = "\
Examples:
  cardgames-web                         serve http://127.0.0.1:8080/ (Ctrl-C stops)
  cardgames-web --port 9000             another port
  cardgames-web --bind 0.0.0.0          every interface (a classroom's network; there is no login)
  cardgames-web --allow-host games.lan  also answer to that name (a DNS name for the machine)
  then open http://127.0.0.1:8080/quattro?seed=7&rules=uno to replay a game by its seed,
  or step through a finished game, a saved one, or one written by `GAME --record FILE`";

/// All four games on one local web page.
#[derive(Debug, Parser)]
#[command(
    name = PROGRAM,
    version,
    about = "All four games (Ochos Locos, Quattro, War, Pig) on one local web page.",
    long_about = "Serves one page on which Ochos Locos (any rule set), Quattro (both rule \
sets), War and Pig can be played in the browser against the games' own strategies and bots. \
Every game shows its seed and a link that replays it (/quattro?seed=7): a chosen seed at \
once, a random one when the game is over. A finished game can be stepped through move by \
move, saved as a recorded game file (the file `GAME replay FILE` reads) or shared as a link; the \
page also opens a file written by `GAME --record FILE` (any of the four games). The JSON API is described in docs/web.md. Games idle for --idle-minutes expire, and at most --max-games \
are alive at once, --games-per-client of them from one address. Requests must name the server \
(its address, localhost, or an --allow-host name) and, to change a game, come from its own page \
and send JSON. Slow clients are cut off after --header-timeout and --body-timeout seconds. \
SIGINT or SIGTERM stops the server within 3 seconds.",
    after_help = EXAMPLES
)]
struct Cli {
    /// The port to listen on (0: any free port; the address is printed).
    #[arg(long, default_value_t = 8080)]
    port: u16,
    /// The address to listen on.
    #[arg(long, default_value = "127.0.0.1")]
    bind: IpAddr,
    /// The most games alive at once; a new game beyond it is refused.
    #[arg(long, default_value_t = Config::DEFAULT_MAX_GAMES as u64, value_parser = clap::value_parser!(u64).range(1..))]
    max_games: u64,
    /// Minutes after which a game nobody touches expires.
    #[arg(long, default_value_t = 30, value_parser = clap::value_parser!(u64).range(1..))]
    idle_minutes: u64,
    /// The most live games one client (one IPv4 address, one IPv6 /64; loopback is one) may hold.
    #[arg(long, default_value_t = Config::DEFAULT_GAMES_PER_CLIENT as u64, value_parser = clap::value_parser!(u64).range(1..))]
    games_per_client: u64,
    /// A name the server also answers to (a Host header, and its page's origin); repeatable.
    #[arg(long, value_name = "NAME", value_parser = host_name)]
    allow_host: Vec<String>,
    /// Seconds a client has to send a request's head; also how long an idle kept-alive
    /// connection stays open.
    #[arg(long, default_value_t = Config::DEFAULT_HEADER_TIMEOUT.as_secs(), value_parser = clap::value_parser!(u64).range(1..=3600))]
    header_timeout: u64,
    /// Seconds a client has to send a request's body.
    #[arg(long, default_value_t = Config::DEFAULT_BODY_TIMEOUT.as_secs(), value_parser = clap::value_parser!(u64).range(1..=3600))]
    body_timeout: u64,
    /// The most connections open at once.
    #[arg(long, default_value_t = Config::DEFAULT_MAX_CONNECTIONS as u64, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    max_connections: u64,
    /// The most connections open at once from one client.
    #[arg(long, default_value_t = Config::DEFAULT_CONNECTIONS_PER_CLIENT as u64, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    connections_per_client: u64,
}

/// A host name for `--allow-host`: letters, digits, `-` and `.`, without a port.
fn host_name(text: &str) -> Result<String, String> {
    let ok = !text.is_empty()
        && text.len() <= 253
        && text
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '.');
    if ok {
        Ok(text.to_ascii_lowercase())
    } else {
        Err("a host name is letters, digits, '-' and '.', without a port (games.lan)".into())
    }
}

fn size(n: u64) -> usize {
    usize::try_from(n).unwrap_or(usize::MAX)
}

/// Parses the arguments, binds and serves until Ctrl-C.
pub fn main() -> ExitCode {
    let cli: Cli = match parse_game_args(PROGRAM) {
        Ok(cli) => cli,
        Err(code) => return code,
    };
    let mut config = Config {
        max_games: size(cli.max_games),
        idle: Duration::from_secs(cli.idle_minutes.saturating_mul(60)),
        games_per_client: size(cli.games_per_client),
        header_timeout: Duration::from_secs(cli.header_timeout),
        body_timeout: Duration::from_secs(cli.body_timeout),
        max_connections: size(cli.max_connections),
        connections_per_client: size(cli.connections_per_client),
        allow_hosts: cli.allow_host,
        ..Config::default()
    };
    let runtime = match tokio::runtime::Runtime::new() {
        Ok(runtime) => runtime,
        Err(e) => return report(PROGRAM, format_args!("cannot start the runtime: {e}")),
    };
    let addr = SocketAddr::new(cli.bind, cli.port);
    let code = runtime.block_on(async move {
        let listener = match web::listen::bind(addr).await {
            Ok(listener) => listener,
            Err(e) if e.kind() == std::io::ErrorKind::AddrInUse => {
                // The one fix a person needs, named: another port.
                return report(
                    PROGRAM,
                    format_args!(
                        "cannot listen on {addr}: port {} is already in use; pick another with --port N (--port 0 takes any free one)",
                        addr.port()
                    ),
                );
            }
            Err(e) => return report(PROGRAM, format_args!("cannot listen on {addr}: {e}")),
        };
        let shown = listener.local_addr().unwrap_or(addr);
        config.addr = shown;
        // Writing to stdout never panics: a closed stdout loses the line, not the server.
        let _ignored = writeln!(
            std::io::stdout().lock(),
            "{PROGRAM}: serving the four games at http://{shown}/ (Ctrl-C stops)"
        );
        let sweep = (config.idle / 10).clamp(Duration::from_secs(1), Duration::from_secs(60));
        match web::serve(listener, Arc::new(AppState::new(config)), sweep).await {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => report(PROGRAM, format_args!("the server stopped: {e}")),
        }
    });
    // A Pig table still being solved must not hold the exit back.
    runtime.shutdown_background();
    code
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    #[test]
    fn allow_host_takes_names_only() {
        let cli = Cli::try_parse_from([
            "cardgames-web",
            "--allow-host",
            "Games.LAN",
            "--allow-host",
            "a-b.example",
        ])
        .unwrap();
        assert_eq!(cli.allow_host, ["games.lan", "a-b.example"]);
        for bad in ["games.lan:8080", "http://games.lan", "", "a b"] {
            assert!(
                Cli::try_parse_from(["cardgames-web", "--allow-host", bad]).is_err(),
                "{bad}"
            );
        }
    }

    /// `cardgames-web --version` prints `cardgames-web VERSION` on stdout and exits 0: clap's version
    /// "error" is not a usage error, so `parse_args` prints it on stdout with status 0.
    #[test]
    fn version_prints_the_name_and_version_on_stdout() {
        let error = Cli::try_parse_from(["cardgames-web", "--version"]).unwrap_err();
        assert_eq!(error.kind(), clap::error::ErrorKind::DisplayVersion);
        assert!(!error.use_stderr());
        assert_eq!(error.exit_code(), 0);
        assert_eq!(
            error.render().to_string(),
            format!("cardgames-web {}\n", env!("CARGO_PKG_VERSION"))
        );
    }
}
