//! Which of the four games: the workspace's one enum over them ([`cardgames::Kind`]),
//! named by every layer here (the tables, the replays, the server).

pub use cardgames::Kind;
