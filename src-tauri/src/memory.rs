//! Giving memory back to the OS after a large read (Linux with glibc; elsewhere nothing).
//!
//! A window read of a large plan allocates for a moment far more than it keeps: the store's pages
//! as the SDK's items, the domain's copy, the answer and its JSON (about 150 MB at 50,000
//! assignments), on several of the async runtime's threads at once. glibc's malloc keeps what is
//! freed in per-thread arenas (up to eight a core) and hands little of it back, so the process
//! stayed hundreds of MiB above what it holds (BENCHMARKS.md, "Memory"). The shell caps the
//! arenas at two and, a moment after each window read, asks malloc to return its free pages
//! (`malloc_trim`, which releases whole free pages inside the heaps too). Nothing is held by the
//! app's own state in between: what is trimmed is garbage.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// How long after a window read the trim runs: after the answer has been serialised and sent,
/// and once for a burst of reads (scrolling loads windows one after another).
const TRIM_AFTER: Duration = Duration::from_secs(1);

static TRIM_PENDING: AtomicBool = AtomicBool::new(false);

/// At most two malloc arenas (glibc's default is eight a core). Call it from `main` before any
/// thread is started.
pub fn limit_arenas() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: mallopt only sets malloc's parameters; called before any other thread exists.
    unsafe {
        libc::mallopt(libc::M_ARENA_MAX, 2);
    }
}

/// Returns malloc's free memory to the OS a moment from now (once for a burst of calls).
pub fn trim_soon() {
    if TRIM_PENDING.swap(true, Ordering::AcqRel) {
        return;
    }
    tauri::async_runtime::spawn(async {
        tokio::time::sleep(TRIM_AFTER).await;
        TRIM_PENDING.store(false, Ordering::Release);
        let _ = tokio::task::spawn_blocking(trim).await;
    });
}

fn trim() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: malloc_trim takes malloc's own locks; it frees nothing that is in use.
    unsafe {
        libc::malloc_trim(0);
    }
}
