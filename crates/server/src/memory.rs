//! The server's few dealings with the system's memory, for a server that
//! should stay small (docs/decisions.md §13): two settings of glibc's
//! allocator and one word to the kernel. Elsewhere (musl, other systems)
//! they do nothing.
//!
//! The workspace denies unsafe code but here (and in the page engine's
//! bytecode load): these are calls into the C library without a safe
//! binding, each with what makes it sound beside it.

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

/// Lets the pages of bytes carried in the binary (the built frontend, the
/// demo's media) leave the process's resident memory once they have been
/// written out at the first start of a build: they were read once, through
/// the executable's mapping, and would stay resident (5 MiB) for nothing.
/// Reading them again, which nothing does, would load them again from the
/// executable's file. Only whole pages within the bytes are let go.
pub fn forget_read_pages(bytes: &'static [u8]) {
    // x86-64 pages are 4 KiB; elsewhere a page may be larger than the
    // rounding below assumes, and the call is not made.
    #[cfg(all(target_os = "linux", target_arch = "x86_64"))]
    {
        const PAGE: usize = 4096;
        let start = (bytes.as_ptr() as usize).next_multiple_of(PAGE);
        let end = (bytes.as_ptr() as usize + bytes.len()) / PAGE * PAGE;
        if end > start {
            // SAFETY: the range lies within a `'static` byte slice of the
            // executable's read-only data: clean file pages that no one can
            // have written, so dropping them loses nothing (the kernel maps
            // them from the file again on the next read).
            #[expect(unsafe_code, reason = "madvise has no safe binding")]
            unsafe {
                libc::madvise(start as *mut libc::c_void, end - start, libc::MADV_DONTNEED);
            }
        }
    }
}
