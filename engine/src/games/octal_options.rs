//! A set of option values for the mex rule, one byte per value: the
//! working set of the sparse-space and dense engines. A byte, not a bit:
//! inserting is a plain store with no read, so a run of inserts carries no
//! dependency from one to the next (a bit set's read-modify-write on the
//! same few words would). A copy of the
//! flags carries a set from one thread to another.

/// Every value a `u16` can hold, so a `u16` index needs no bounds check.
const FLAG_COUNT: usize = 1 << 16;

/// A set of option values, one byte per value: inserting is a plain store
/// with no read, so a run of inserts carries no dependency from one to the
/// next (a bit set's read-modify-write on the same few words would).
///
/// Its flags and scratch are one allocation aligned to 128 bytes (two cache
/// lines, which the hardware's prefetch pairs): each thread of a shared
/// block writes a set of its own at every read, and two sets must share no
/// line whatever the allocator does. Allocated apart, a set's scratch could
/// end in the line where the next set's flags began.
#[derive(Debug, Clone)]
pub(crate) struct OptionFlags {
    store: Box<Store>,
    /// Only `flags[..in_use]` can be set: every XOR of values below `2^bits`.
    in_use: usize,
    /// Split pairs read into the set so far, in all: the sparse engine's
    /// work, counted so a test can bound it (issue 51).
    reads: u64,
}

/// The flags, and the scratch where a block of XORs is formed before it is
/// stored (kept, not zeroed afresh for every block), in one allocation.
#[derive(Debug, Clone)]
#[repr(C, align(128))]
struct Store {
    flags: [u8; FLAG_COUNT],
    scratch: [u16; BLOCK],
}

/// The XORs formed at a time before they are stored.
const BLOCK: usize = 256;

/// Sets the flag of every value in `block`: the stores of a block of XORs
/// formed in the scratch (a field beside `flags`, so not through `insert`).
#[inline]
fn store(flags: &mut [u8; FLAG_COUNT], block: &[u16]) {
    for &option in block {
        flags[usize::from(option)] = 1;
    }
}

impl OptionFlags {
    pub(crate) fn new() -> Self {
        OptionFlags {
            store: Box::new(Store {
                flags: [0; FLAG_COUNT],
                scratch: [0; BLOCK],
            }),
            in_use: 2,
            reads: 0,
        }
    }

    /// Counts `pairs` more split pairs read (one add a block of reads).
    #[inline]
    pub(crate) fn count_reads(&mut self, pairs: usize) {
        self.reads += pairs as u64;
    }

    /// Split pairs read into this set since it was made.
    pub(crate) fn reads(&self) -> u64 {
        self.reads
    }

    /// Widens to hold `2^bits` values (XORs of values below `2^bits`).
    pub(crate) fn widen(&mut self, bits: u32) {
        self.in_use = self.in_use.max(1 << bits).min(FLAG_COUNT);
    }

    pub(crate) fn clear(&mut self) {
        self.store.flags[..self.in_use].fill(0);
    }

    #[inline]
    pub(crate) fn insert(&mut self, value: u16) {
        self.store.flags[usize::from(value)] = 1;
    }

    /// Inserts every split `smaller[j] ^ larger[len − 1 − j]`. The XORs are
    /// formed a block at a time (a loop the compiler vectorises), then
    /// stored: the stores no longer wait on the loads and XORs.
    pub(crate) fn insert_splits(&mut self, smaller: &[u16], larger: &[u16]) {
        let length = smaller.len().min(larger.len());
        self.count_reads(length);
        for start in (0..length).step_by(BLOCK) {
            let end = (start + BLOCK).min(length);
            let Store { flags, scratch } = &mut *self.store;
            let buffer = &mut scratch[..end - start];
            let a = &smaller[start..end];
            let b = larger[length - end..length - start].iter().rev();
            for (slot, (&x, &y)) in buffer.iter_mut().zip(a.iter().zip(b)) {
                *slot = x ^ y;
            }
            store(flags, buffer);
        }
    }

    /// Inserts `rare[i] ^ window[last − heaps[i]]` for every listed heap:
    /// the splits of a rest whose smaller part is a rare heap, `window`
    /// holding the values from `rest − last` (see
    /// `ParityClass::insert_listed_splits`). Stored as formed, not a block
    /// at a time as [`Self::insert_splits`] does: the window's reads are a
    /// gather no loop vectorises, and the scratch's stores and loads cost
    /// more than they saved (solve ·354 on one thread: 6.5–6.7 s of CPU
    /// against 7.7–7.8 s, ·376 5.2–5.4 against 6.0–6.2, interleaved; the
    /// contiguous splits of `insert_splits` are the other way round: seq ·6
    /// to 2·10⁶ 4.6–5.1 s blocked, 6.0–6.1 s stored as formed).
    pub(crate) fn insert_listed(&mut self, heaps: &[u32], rare: &[u16], window: &[u16], last: u32) {
        self.count_reads(heaps.len());
        for (&a, &x) in heaps.iter().zip(rare) {
            self.store.flags[usize::from(x ^ window[last.wrapping_sub(a) as usize])] = 1;
        }
    }

    /// Packs the first `8·out.len()` flags into `out`, eight to a byte (flag
    /// `8i + j` is bit `j` of byte `i`): a set carried from one thread to
    /// another in an eighth of the cache lines its bytes would fill.
    pub(crate) fn pack_into(&self, out: &mut [u8]) {
        for (byte, eight) in out.iter_mut().zip(self.store.flags.chunks_exact(8)) {
            let word = u64::from_le_bytes(eight.try_into().unwrap_or_default());
            // Flag j, bit 8j of `word`, lands on bit 56 + j: no two of the
            // product's terms share a bit, so nothing carries.
            *byte = (word.wrapping_mul(0x0102_0408_1020_4080) >> 56) as u8;
        }
    }

    /// Makes the set the one `packed` holds (as [`Self::pack_into`] wrote
    /// it), widening to hold its values.
    pub(crate) fn unpack(&mut self, packed: &[u8]) {
        let length = (8 * packed.len()).min(FLAG_COUNT);
        self.in_use = self.in_use.max(length);
        let (stored, rest) = self.store.flags[..self.in_use].split_at_mut(length);
        for (eight, &byte) in stored.chunks_exact_mut(8).zip(packed) {
            // Byte j of the product is `byte`; the mask keeps its bit j,
            // which the add carries to bit 7 of byte j (at most 0xff: no
            // carry into the next byte), and the shift to bit 0.
            let bits = u64::from(byte).wrapping_mul(0x0101_0101_0101_0101) & 0x8040_2010_0804_0201;
            let flags = (bits.wrapping_add(0x7f7f_7f7f_7f7f_7f7f) >> 7) & 0x0101_0101_0101_0101;
            eight.copy_from_slice(&flags.to_le_bytes());
        }
        rest.fill(0);
    }

    /// How many values the set can hold now.
    #[cfg(test)]
    pub(crate) fn capacity(&self) -> usize {
        self.in_use
    }

    /// Adds every value of `other` (both sized alike).
    pub(crate) fn merge(&mut self, other: &OptionFlags) {
        let in_use = self.in_use.min(other.in_use);
        for (flag, &other_flag) in self.store.flags[..in_use]
            .iter_mut()
            .zip(&other.store.flags[..in_use])
        {
            *flag |= other_flag;
        }
    }

    /// The least value at or above `from` not in the set.
    pub(crate) fn least_absent_from(&self, from: u32) -> u32 {
        let from = from as usize;
        if from >= self.in_use {
            return from as u32;
        }
        self.store.flags[from..self.in_use]
            .iter()
            .position(|&flag| flag == 0)
            .map_or(self.in_use, |offset| from + offset) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn least_absent_crosses_words() {
        let mut bits = OptionFlags::new();
        bits.widen(9);
        (0..130).for_each(|v| bits.insert(v));
        assert_eq!(bits.least_absent_from(0), 130);
        assert_eq!(bits.least_absent_from(200), 200);
        assert_eq!(bits.least_absent_from(300), 300);
    }

    #[test]
    fn a_packed_set_is_unpacked_whole() {
        let mut set = OptionFlags::new();
        set.widen(8);
        [0, 3, 7, 8, 63, 64, 65, 200, 255]
            .into_iter()
            .for_each(|v| set.insert(v));
        let mut packed = [0u8; 32];
        set.pack_into(&mut packed);
        assert_eq!(packed[0], 0b1000_1001, "flags 0, 3 and 7");
        assert_eq!(packed[1], 1, "flag 8");
        let mut copy = OptionFlags::new();
        copy.widen(9);
        copy.insert(1);
        copy.insert(300);
        copy.unpack(&packed);
        assert_eq!(copy.capacity(), 512, "never narrower");
        let present: Vec<u32> = (0..512)
            .filter(|&v| copy.least_absent_from(v) != v)
            .collect();
        assert_eq!(
            present,
            [0, 3, 7, 8, 63, 64, 65, 200, 255],
            "the old values are gone"
        );
        // Every byte, both ways.
        for byte in 0..=255u8 {
            let mut set = OptionFlags::new();
            set.unpack(&[byte, !byte]);
            let mut back = [0u8; 2];
            set.pack_into(&mut back);
            assert_eq!(back, [byte, !byte]);
            for flag in 0..8 {
                let present = set.least_absent_from(flag) != flag;
                assert_eq!(present, byte >> flag & 1 == 1, "{byte:#010b} flag {flag}");
            }
        }
    }
}
