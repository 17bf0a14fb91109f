//! What both benchmarks (`load`, `scale`) need of the release server they
//! start: stopped with them, and its memory read from /proc.

use std::process::Child;

/// The started server, killed and reaped when the benchmark ends or fails.
pub struct Server(pub Child);

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// A memory figure of the process in KiB, such as `"VmRSS:"` (resident now)
/// or `"VmHWM:"` (its peak), from `/proc/<pid>/status`; 0 when unreadable.
pub fn memory_kib(pid: u32, field: &str) -> u64 {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .ok()
        .and_then(|status| {
            status
                .lines()
                .find(|l| l.starts_with(field))
                .and_then(|l| l.split_whitespace().nth(1)?.parse().ok())
        })
        .unwrap_or(0)
}
