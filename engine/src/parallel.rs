//! The engine's parallelism, behind the `parallel` feature: with it, rayon's
//! pool; without it (the browser's single-threaded module), the same calls
//! run in order on the calling thread. The engines and the censuses write
//! `parallel::join` and `par_iter` once and compile either way, and the
//! values are the same: every parallel step here is a map whose results are
//! gathered in order.

#[cfg(feature = "parallel")]
pub use rayon::{current_num_threads, current_thread_index, join, scope};

/// The parallel iterators: rayon's, or the standard iterators under the
/// same names.
pub mod prelude {
    #[cfg(feature = "parallel")]
    pub use rayon::prelude::*;

    #[cfg(not(feature = "parallel"))]
    pub use super::sequential::{
        FindMapFirst, IntoParallelIterator, ParallelSlice, ParallelSliceMut,
    };
}

#[cfg(not(feature = "parallel"))]
pub use sequential::{current_num_threads, current_thread_index, join, scope};

#[cfg(not(feature = "parallel"))]
mod sequential {
    /// Runs `a`, then `b`.
    pub fn join<A, B, RA, RB>(a: A, b: B) -> (RA, RB)
    where
        A: FnOnce() -> RA,
        B: FnOnce() -> RB,
    {
        (a(), b())
    }

    /// Runs `f` here: there is no pool to enter.
    pub fn scope<R>(f: impl FnOnce(&()) -> R) -> R {
        f(&())
    }

    /// One thread: the caller's.
    pub fn current_num_threads() -> usize {
        1
    }

    /// No pool thread is running this.
    pub fn current_thread_index() -> Option<usize> {
        None
    }

    /// `into_par_iter`, in order.
    pub trait IntoParallelIterator: IntoIterator + Sized {
        fn into_par_iter(self) -> Self::IntoIter {
            self.into_iter()
        }
    }
    impl<T: IntoIterator> IntoParallelIterator for T {}

    /// `par_iter` and `par_chunks` on a slice, in order.
    pub trait ParallelSlice<T> {
        fn par_iter(&self) -> std::slice::Iter<'_, T>;
        fn par_chunks(&self, size: usize) -> std::slice::Chunks<'_, T>;
    }
    impl<T> ParallelSlice<T> for [T] {
        fn par_iter(&self) -> std::slice::Iter<'_, T> {
            self.iter()
        }
        fn par_chunks(&self, size: usize) -> std::slice::Chunks<'_, T> {
            self.chunks(size)
        }
    }

    /// `par_chunks_mut` on a slice, in order.
    pub trait ParallelSliceMut<T> {
        fn par_chunks_mut(&mut self, size: usize) -> std::slice::ChunksMut<'_, T>;
    }
    impl<T> ParallelSliceMut<T> for [T] {
        fn par_chunks_mut(&mut self, size: usize) -> std::slice::ChunksMut<'_, T> {
            self.chunks_mut(size)
        }
    }

    /// rayon's `find_map_first`: the first match in order, which is what a
    /// sequential `find_map` gives.
    pub trait FindMapFirst: Iterator + Sized {
        fn find_map_first<R>(mut self, f: impl FnMut(Self::Item) -> Option<R>) -> Option<R> {
            self.find_map(f)
        }
    }
    impl<I: Iterator> FindMapFirst for I {}
}
