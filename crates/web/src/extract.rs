//! What a handler reads from a request's address, shared by the page's assets and the
//! API.

use axum::extract::{FromRequestParts, Path};
use axum::http::request::Parts;

use crate::error::ApiError;

/// The `{id}` of an address (a segment that is not UTF-8 names no game).
pub struct Segment(pub String);

impl<S: Send + Sync> FromRequestParts<S> for Segment {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Segment, ApiError> {
        Path::<String>::from_request_parts(parts, state)
            .await
            .map(|Path(segment)| Segment(segment))
            .map_err(|_| {
                ApiError::not_found("no such game or file: the address is not valid UTF-8")
            })
    }
}
