//! A port another program holds: the binary says so on one line, names the port and the
//! way out (`--port N`, or `--port 0` for any free one), prints nothing on stdout and
//! exits 2, instead of the bare `Address already in use` a newcomer cannot act on.

#![allow(clippy::unwrap_used)]

use std::net::TcpListener;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

#[test]
fn a_busy_port_is_named_with_the_way_to_another() {
    let held = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = held.local_addr().unwrap().port();
    let mut child = Command::new(env!("CARGO_BIN_EXE_cardgames-web"))
        .args(["--port", &port.to_string()])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Not a measure of speed: only so that a server that did start (and would serve
    // for ever) fails the test instead of hanging it.
    let deadline = Instant::now() + Duration::from_secs(120);
    while child.try_wait().unwrap().is_none() {
        if Instant::now() > deadline {
            child.kill().unwrap();
            panic!("the server started on a port another program holds");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let output = child.wait_with_output().unwrap();
    drop(held);
    assert_eq!(output.status.code(), Some(2), "{output:?}");
    assert_eq!(String::from_utf8_lossy(&output.stdout), "");
    assert_eq!(
        String::from_utf8_lossy(&output.stderr),
        format!(
            "cardgames-web: cannot listen on 127.0.0.1:{port}: port {port} is already in use; \
             pick another with --port N (--port 0 takes any free one)\n"
        )
    );
}
