//! Issue 50, point 1: the browser module's requests under a memory cap.
//!
//! A phone's browser gives a module's memory far less than the module's
//! budget ([`ladder_web::BROWSER_BYTES`], 1 GiB) and refuses a `memory.grow`
//! past what it gives; in the module that is an allocation returning null,
//! which an infallible allocation turns into a trap that kills the worker.
//! This test binary's allocator does the same past [`CAP`]: every request
//! below must come back as an answer (its numbers, or an error in words),
//! never abort the process, whatever the budget let through.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

/// What the allocator gives in all: 192 MiB, less than a budget of 1 GiB
/// lets a request ask for.
const CAP: usize = 192 << 20;

struct Capped;

static HELD: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Capped {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let size = layout.size();
        if HELD.fetch_add(size, Ordering::SeqCst) + size > CAP {
            HELD.fetch_sub(size, Ordering::SeqCst);
            return std::ptr::null_mut();
        }
        let pointer = unsafe { System.alloc(layout) };
        if pointer.is_null() {
            HELD.fetch_sub(size, Ordering::SeqCst);
        }
        pointer
    }

    unsafe fn dealloc(&self, pointer: *mut u8, layout: Layout) {
        unsafe { System.dealloc(pointer, layout) };
        HELD.fetch_sub(layout.size(), Ordering::SeqCst);
    }
}

#[global_allocator]
static ALLOCATOR: Capped = Capped;

/// The answer's error, failing with the whole answer when there is none.
fn refused(request: &str) -> String {
    let answer = ladder_web::answer(request);
    match answer["error"].as_str() {
        Some(error) => error.to_owned(),
        None => panic!("{request}: answered, not refused: {answer}"),
    }
}

#[test]
fn requests_past_what_the_memory_gives_are_refused_in_words() {
    // 300,000,000 values of ·6: 750 MB, within the budget, past the cap.
    let error = refused(r#"{"rule": "octal:·6", "values": 300000000}"#);
    assert!(error.contains("memory"), "{error}");
    // A subtraction game's values, four bytes each: 400 MB.
    let error = refused(r#"{"rule": "sub:1,3,4", "values": 100000000}"#);
    assert!(error.contains("memory"), "{error}");
    // The figures' module: the coalition search at the largest sizes it
    // takes, and a figure's values past the cap.
    #[cfg(feature = "figures")]
    {
        let error = refused(
            r#"{"rule": "kayles", "kind": "coalition-table", "params": {"search": {"census_heaps": 6, "census_largest_heap": 24, "test_heaps": 6, "test_largest_heap": 24, "allies": 2}}}"#,
        );
        assert!(error.contains("memory"), "{error}");
        let error = refused(
            r#"{"rule": "octal:·6", "kind": "period-window", "params": {"values": 300000000}}"#,
        );
        assert!(error.contains("memory"), "{error}");
    }
    // And the module goes on answering within the cap.
    let answer = ladder_web::answer(r#"{"rule": "octal:·137", "values": 2000}"#);
    assert_eq!(answer["period"], 34, "{answer}");
}
