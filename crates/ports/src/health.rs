//! What operators ask of the store: is it ready, and how busy is it.

use async_trait::async_trait;

/// The store's load at one moment, for metrics.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct StoreStats {
    /// Open database connections, and how many of them are idle.
    pub connections: u32,
    pub idle_connections: u32,
    pub max_connections: u32,
    /// Store calls waiting for their turn at a connection or for a thread
    /// of the blocking pool (the queue), and calls running on one.
    pub calls_waiting: u64,
    pub calls_running: u64,
}

#[async_trait]
pub trait StoreHealth: Send + Sync {
    /// `Ok` when the database answers and has every migration this build
    /// knows; otherwise why not, for the operator.
    async fn readiness(&self) -> Result<(), String>;
    fn stats(&self) -> StoreStats;
}
