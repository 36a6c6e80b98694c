//! The page: HTML, CSS and plain JavaScript modules, built into the binary with
//! `include_str!` (no build step, nothing fetched from anywhere but this server; the
//! Content-Security-Policy header says so to the browser too).

use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};

use crate::error::ApiError;
use crate::extract::Segment;

/// The one page; it reads its address (`/quattro?seed=7&rules=uno`) to know what to show.
pub const INDEX_HTML: &str = include_str!("assets/index.html");
/// The page's style.
pub const STYLE_CSS: &str = include_str!("assets/style.css");
/// The page's script: the API calls and the four games' tables.
pub const APP_JS: &str = include_str!("assets/app.js");
/// Cards and dice drawn as SVG.
pub const DRAW_JS: &str = include_str!("assets/draw.js");
/// A recorded game in a shareable link (base64url of its JSON in the address's fragment).
pub const LINK_JS: &str = include_str!("assets/link.js");

/// The page's policy: everything from this server, nothing from elsewhere.
const POLICY: &str = "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; \
     script-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'";

fn page(content_type: &'static str, body: &'static str) -> Response {
    let mut response = body.into_response();
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    headers.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(POLICY),
    );
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    response
}

/// `GET /` and each game's address.
pub async fn index() -> Response {
    page("text/html; charset=utf-8", INDEX_HTML)
}

/// The page for an address that is none of the server's, to a browser.
pub const NOT_FOUND_HTML: &str = include_str!("assets/404.html");

/// `GET /assets/{file}`.
pub async fn asset(headers: HeaderMap, file: Result<Segment, ApiError>) -> Response {
    match file.as_ref().map(|Segment(f)| f.as_str()) {
        Ok("style.css") => page("text/css; charset=utf-8", STYLE_CSS),
        Ok("app.js") => page("text/javascript; charset=utf-8", APP_JS),
        Ok("draw.js") => page("text/javascript; charset=utf-8", DRAW_JS),
        Ok("link.js") => page("text/javascript; charset=utf-8", LINK_JS),
        _ => not_found(headers).await,
    }
}

/// Anything else: a 404, as a small page to a browser (whose `Accept` asks for HTML
/// first) and in the API's JSON form to anything else.
pub async fn not_found(headers: HeaderMap) -> Response {
    let wants_html = headers
        .get(header::ACCEPT)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|accept| accept.split(',').any(|t| t.trim().starts_with("text/html")));
    if wants_html {
        let mut response = page("text/html; charset=utf-8", NOT_FOUND_HTML);
        *response.status_mut() = StatusCode::NOT_FOUND;
        return response;
    }
    ApiError::not_found("no such page").into_response()
}
