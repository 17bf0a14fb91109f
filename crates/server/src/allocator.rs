//! Two settings of glibc's allocator, for a server that should stay small
//! (docs/decisions.md §13). Elsewhere (musl, other systems) they do nothing.
//!
//! The workspace forbids unsafe code but here: both are calls into the C
//! library with no pointer or state of ours.

/// As many allocator arenas as cores, not glibc's eight per core: every
/// thread that allocates under contention would otherwise get an arena of its
/// own, and each keeps the memory its thread used at its busiest. Called
/// first thing in `main`, before any thread is started.
pub fn limit_arenas() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    {
        let cores = std::thread::available_parallelism().map_or(2, usize::from);
        let arenas = libc::c_int::try_from(cores).unwrap_or(libc::c_int::MAX);
        // SAFETY: mallopt only changes a setting of the allocator.
        #[expect(unsafe_code, reason = "glibc's mallopt has no safe binding")]
        unsafe {
            libc::mallopt(libc::M_ARENA_MAX, arenas);
        }
    }
}

/// Gives the allocator's free pages back to the system. glibc keeps freed
/// memory for its next use; after a large piece of work is let go (the page
/// engine) that memory would stay resident for nothing.
pub fn return_freed_memory() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: malloc_trim only releases pages no allocation uses.
    #[expect(unsafe_code, reason = "glibc's malloc_trim has no safe binding")]
    unsafe {
        libc::malloc_trim(0);
    }
}
