//! The server's Prometheus metrics: requests by route and status with
//! latency histograms (the middleware), the database pool and the store's
//! blocking-pool queue (read when scraped), process memory and CPU; other
//! parts of the server add their own to the registry.

use actix_web_prom::{PrometheusMetrics, PrometheusMetricsBuilder};
use prometheus::{Encoder, IntGauge, Registry, TextEncoder};

use ports::StoreStats;

/// The registry and the request middleware that fills it. Built once per
/// process and shared by every worker.
#[derive(Clone)]
pub struct Metrics {
    middleware: PrometheusMetrics,
    registry: Registry,
    gauges: StoreGauges,
}

#[derive(Clone)]
struct StoreGauges {
    connections: IntGauge,
    idle_connections: IntGauge,
    max_connections: IntGauge,
    calls_waiting: IntGauge,
    calls_running: IntGauge,
}

fn gauge(registry: &Registry, name: &str, help: &str) -> Result<IntGauge, prometheus::Error> {
    let gauge = IntGauge::new(format!("golden_pine_{name}"), help)?;
    registry.register(Box::new(gauge.clone()))?;
    Ok(gauge)
}

impl Metrics {
    pub fn new() -> Result<Self, Box<dyn std::error::Error + Send + Sync>> {
        let registry = Registry::new();
        registry.register(Box::new(prometheus::process_collector::ProcessCollector::for_self()))?;
        let middleware = PrometheusMetricsBuilder::new("golden_pine")
            .registry(registry.clone())
            // Paths no route matched are one label, so scanners cannot grow the label set.
            .mask_unmatched_patterns("UNMATCHED")
            .exclude("/metrics")
            .build()?;
        let gauges = StoreGauges {
            connections: gauge(&registry, "db_pool_connections", "Open database connections")?,
            idle_connections: gauge(&registry, "db_pool_idle_connections", "Idle database connections")?,
            max_connections: gauge(&registry, "db_pool_max_connections", "Database connections allowed")?,
            calls_waiting: gauge(
                &registry,
                "store_calls_waiting",
                "Store calls queued for a connection or the blocking pool",
            )?,
            calls_running: gauge(
                &registry,
                "store_calls_running",
                "Store calls running on the blocking pool",
            )?,
        };
        Ok(Self { middleware, registry, gauges })
    }

    /// The registry, for the other parts of the server to add their own.
    pub fn registry(&self) -> &Registry {
        &self.registry
    }

    pub fn middleware(&self) -> PrometheusMetrics {
        self.middleware.clone()
    }

    /// The text exposition, with the store's gauges read now.
    pub fn render(&self, stats: StoreStats) -> String {
        let g = &self.gauges;
        g.connections.set(i64::from(stats.connections));
        g.idle_connections.set(i64::from(stats.idle_connections));
        g.max_connections.set(i64::from(stats.max_connections));
        g.calls_waiting.set(i64::try_from(stats.calls_waiting).unwrap_or(i64::MAX));
        g.calls_running.set(i64::try_from(stats.calls_running).unwrap_or(i64::MAX));
        let mut text = Vec::new();
        if let Err(error) = TextEncoder::new().encode(&self.registry.gather(), &mut text) {
            tracing::error!(%error, "metrics could not be encoded");
        }
        String::from_utf8(text).unwrap_or_default()
    }
}
