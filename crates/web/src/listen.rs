//! The connections: hyper's HTTP/1.1 server under the router, with the limits a server
//! open to a browser (or a classroom's network) needs, none of which `axum::serve` sets:
//!
//! - a request's head must arrive within [`crate::Config::header_timeout`], which is also the
//!   longest a kept-alive connection waits idle for its next request (hyper's header read
//!   timeout starts when the connection starts waiting); the body within
//!   [`crate::Config::body_timeout`] (the router's, see [`crate::server::JsonBody`]);
//! - at most [`crate::Config::max_connections`] open at once and
//!   [`crate::Config::connections_per_client`] from one client; beyond, the connection is
//!   answered `503` `busy` and closed, so that it never waits unseen in the queue;
//! - a head of at most [`MAX_HEAD`] bytes and [`MAX_HEADERS`] headers;
//! - hyper answers a request it cannot parse (`431`, a bad `Content-Length`) itself,
//!   with an empty body: [`JsonErrors`] rewrites those answers into the API's JSON shape;
//! - on SIGINT or SIGTERM the server stops accepting, lets the requests in flight finish
//!   for at most [`crate::Config::shutdown_grace`], and returns regardless (a half-sent request
//!   does not keep it alive).

use std::collections::HashMap;
use std::future::Future;
use std::io;
use std::net::SocketAddr;
use std::pin::Pin;
use std::sync::{Arc, Mutex, PoisonError};
use std::task::{Context, Poll, ready};
use std::time::{Duration, Instant};

use axum::extract::{ConnectInfo, Request};
use axum::http::StatusCode;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tokio::io::{AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{Semaphore, watch};
use tower::ServiceExt;

use crate::error::ApiError;
use crate::guard::Client;
use crate::server::{AppState, router};

/// The largest request head (request line and headers) read, in bytes.
pub const MAX_HEAD: usize = 16 * 1024;
/// The most headers a request may have.
pub const MAX_HEADERS: usize = 64;

/// Binds `addr` (a port of 0 takes a free one).
pub async fn bind(addr: SocketAddr) -> io::Result<TcpListener> {
    TcpListener::bind(addr).await
}

/// Serves the games on `listener` until Ctrl-C or SIGTERM, sweeping expired games every
/// `sweep_every`.
pub async fn serve(
    listener: TcpListener,
    state: Arc<AppState>,
    sweep_every: Duration,
) -> io::Result<()> {
    serve_until(listener, state, sweep_every, stop_signal()).await
}

/// Serves the games on `listener` until `stop` completes, then lets the requests in
/// flight finish for at most the configured grace.
pub async fn serve_until(
    listener: TcpListener,
    state: Arc<AppState>,
    sweep_every: Duration,
    stop: impl Future<Output = ()>,
) -> io::Result<()> {
    let config = state.config().clone();
    let sweeper = Arc::clone(&state);
    let sweeping = tokio::spawn(async move {
        let mut ticks = tokio::time::interval(sweep_every);
        loop {
            ticks.tick().await;
            sweeper.sweep(Instant::now());
        }
    });
    let open = Arc::new(Semaphore::new(config.max_connections));
    let per_client: Shares = Arc::new(Mutex::new(HashMap::new()));
    let (stopping, stopped) = watch::channel(false);
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(config.header_timeout)
        .max_buf_size(MAX_HEAD)
        .max_headers(MAX_HEADERS)
        // One buffer per write, so that JsonErrors sees a head whole.
        .writev(false)
        .keep_alive(true);
    let app = router(state);
    tokio::pin!(stop);
    loop {
        let (stream, peer) = tokio::select! {
            () = &mut stop => break,
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(_) => {
                    // Out of file descriptors, or a connection reset before it was
                    // accepted: wait a moment rather than spin.
                    tokio::time::sleep(Duration::from_millis(20)).await;
                    continue;
                }
            },
        };
        let _ignored = stream.set_nodelay(true);
        let client = Client::of(peer.ip());
        let Ok(permit) = Arc::clone(&open).try_acquire_owned() else {
            tokio::spawn(refuse(
                stream,
                ApiError::busy(format!(
                    "the server has its maximum of {} connections open; try again in a moment",
                    config.max_connections
                )),
            ));
            continue;
        };
        let Some(share) = Share::take(&per_client, client, config.connections_per_client) else {
            tokio::spawn(refuse(
                stream,
                ApiError::busy(format!(
                    "this client ({client}) has its maximum of {} connections open; close some",
                    config.connections_per_client
                )),
            ));
            continue;
        };
        let service = app
            .clone()
            .map_request(move |mut request: Request<Incoming>| {
                request.extensions_mut().insert(ConnectInfo(peer));
                request
            });
        let connection = http.serve_connection(
            TokioIo::new(JsonErrors::new(stream)),
            TowerToHyperService::new(service),
        );
        let mut stopped = stopped.clone();
        tokio::spawn(async move {
            let _held = (permit, share);
            tokio::pin!(connection);
            tokio::select! {
                _ = connection.as_mut() => {}
                _ = stopped.changed() => {
                    // Idle connections close now; a request in flight may finish.
                    connection.as_mut().graceful_shutdown();
                    let _ = connection.await;
                }
            }
        });
    }
    drop(listener);
    let _ignored = stopping.send(true);
    sweeping.abort();
    // Every connection holds a permit: all of them back means all closed.
    let all = u32::try_from(config.max_connections).unwrap_or(u32::MAX);
    let _ = tokio::time::timeout(config.shutdown_grace, open.acquire_many(all)).await;
    Ok(())
}

/// Answers a connection the server will not serve with `error` and closes it, reading
/// what the client sent meanwhile (at most a second and 64 KiB), so that the close does
/// not reset the connection before the answer is read.
async fn refuse(mut stream: TcpStream, error: ApiError) {
    let answer = response_bytes(error.status, &error.body());
    let _ = tokio::time::timeout(Duration::from_secs(1), async {
        stream.write_all(&answer).await?;
        stream.shutdown().await?;
        let mut sink = [0u8; 4096];
        let mut read = 0;
        while read < 64 * 1024 {
            match stream.read(&mut sink).await? {
                0 => break,
                n => read += n,
            }
        }
        io::Result::Ok(())
    })
    .await;
}

/// A complete `Connection: close` response with a JSON body.
fn response_bytes(status: StatusCode, body: &str) -> Vec<u8> {
    format!(
        "HTTP/1.1 {} {}\r\ncontent-type: application/json\r\ncontent-length: {}\r\n\
         connection: close\r\nx-content-type-options: nosniff\r\n\r\n{body}",
        status.as_u16(),
        status.canonical_reason().unwrap_or(""),
        body.len()
    )
    .into_bytes()
}

/// The open connections of each client.
type Shares = Arc<Mutex<HashMap<Client, usize>>>;

/// One open connection of a client, given back when dropped.
struct Share {
    shares: Shares,
    client: Client,
}

impl Share {
    fn take(shares: &Shares, client: Client, limit: usize) -> Option<Share> {
        let mut map = shares.lock().unwrap_or_else(PoisonError::into_inner);
        let held = map.entry(client).or_insert(0);
        if *held >= limit {
            return None;
        }
        *held += 1;
        Some(Share {
            shares: Arc::clone(shares),
            client,
        })
    }
}

impl Drop for Share {
    fn drop(&mut self) {
        let mut map = self.shares.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(held) = map.get_mut(&self.client) {
            *held = held.saturating_sub(1);
            if *held == 0 {
                map.remove(&self.client);
            }
        }
    }
}

/// A connection whose writes pass through unchanged, except hyper's own answers to a
/// request it could not parse (a `400`, `414` or `431` head with no body, and without the
/// `x-content-type-options` header every response of the router has): those are
/// replaced by the same status with the API's JSON error.
pub struct JsonErrors<T> {
    inner: T,
    /// A replacement not yet written, and how much of it is.
    pending: Vec<u8>,
    written: usize,
}

impl<T> JsonErrors<T> {
    /// Wraps a connection.
    pub fn new(inner: T) -> JsonErrors<T> {
        JsonErrors {
            inner,
            pending: Vec::new(),
            written: 0,
        }
    }
}

/// If `buf` begins with a head hyper wrote for a request it could not parse: its length
/// and the JSON response to send instead.
fn replacement(buf: &[u8]) -> Option<(usize, Vec<u8>)> {
    if !buf.starts_with(b"HTTP/1.") {
        return None;
    }
    let end = buf.windows(4).position(|w| w == b"\r\n\r\n")? + 4;
    let head = String::from_utf8_lossy(&buf[..end]).to_ascii_lowercase();
    if head.contains("\r\nx-content-type-options:") {
        return None;
    }
    let status: u16 = head.get(9..12)?.parse().ok()?;
    let status = StatusCode::from_u16(status).ok()?;
    let error = match status {
        StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE => ApiError {
            status,
            code: "too_large",
            message: format!(
                "the request's head is over {MAX_HEAD} bytes or has over {MAX_HEADERS} headers"
            ),
        },
        StatusCode::URI_TOO_LONG => ApiError {
            status,
            code: "too_large",
            message: "the request's address is too long".into(),
        },
        s if s.is_client_error() || s.is_server_error() => ApiError {
            status,
            code: "malformed",
            message: "the request is not valid HTTP/1.1: its request line, a header or its \
                      Content-Length is malformed"
                .into(),
        },
        _ => return None,
    };
    Some((end, response_bytes(status, &error.body())))
}

impl<T: AsyncWrite + Unpin> JsonErrors<T> {
    /// Writes what is left of a replacement.
    fn drain(&mut self, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        while self.written < self.pending.len() {
            let n =
                ready!(Pin::new(&mut self.inner).poll_write(cx, &self.pending[self.written..]))?;
            if n == 0 {
                return Poll::Ready(Err(io::ErrorKind::WriteZero.into()));
            }
            self.written += n;
        }
        Poll::Ready(Ok(()))
    }
}

impl<T: AsyncRead + Unpin> AsyncRead for JsonErrors<T> {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_read(cx, buf)
    }
}

impl<T: AsyncWrite + Unpin> AsyncWrite for JsonErrors<T> {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let this = &mut *self;
        ready!(this.drain(cx))?;
        if let Some((head, answer)) = replacement(buf) {
            this.pending = answer;
            this.written = 0;
            // Taken whole; what is left is written on the next write, flush or shutdown.
            if let Poll::Ready(Err(e)) = this.drain(cx) {
                return Poll::Ready(Err(e));
            }
            return Poll::Ready(Ok(head));
        }
        Pin::new(&mut this.inner).poll_write(cx, buf)
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        ready!(self.drain(cx))?;
        Pin::new(&mut self.inner).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        ready!(self.drain(cx))?;
        Pin::new(&mut self.inner).poll_shutdown(cx)
    }
}

/// Ctrl-C, or (on Unix) SIGTERM.
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hypers_own_errors_become_json_and_the_routers_pass() {
        let own =
            b"HTTP/1.1 431 Request Header Fields Too Large\r\ncontent-length: 0\r\ndate: x\r\n\r\n";
        let (len, answer) = replacement(own).unwrap();
        assert_eq!(len, own.len());
        let answer = String::from_utf8(answer).unwrap();
        assert!(answer.starts_with("HTTP/1.1 431 "), "{answer}");
        let body = answer.split("\r\n\r\n").nth(1).unwrap();
        let json: serde_json::Value = serde_json::from_str(body).unwrap();
        assert_eq!(json["code"], "too_large");
        let routers = b"HTTP/1.1 404 Not Found\r\ncontent-type: application/json\r\nx-content-type-options: nosniff\r\ncontent-length: 2\r\n\r\n{}";
        assert!(replacement(routers).is_none());
        assert!(replacement(b"HTTP/1.1 200 OK\r\ncontent-length: 0\r\n\r\n").is_none());
        assert!(replacement(b"{\"a\": 1}").is_none());
    }
}
