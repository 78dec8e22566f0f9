//! The triple census (every set a < b < c ≤ 20, 3,000 values each) against a
//! plain reference in the same run: one thread, the mex taken by sorting
//! each heap's option values, the same period search. Criterion reports
//! values per second for both; their ratio is the speed-up.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use ladder::census::triples::{all_triples, triple_census};
use ladder::sequence::{DEFAULT_MIN_REPEATS, Value, find_period};

const VALUES: usize = 3000;

/// The plain recursion: a vector of option values per heap, sorted, scanned.
fn plain_values(takes: &[usize], count: usize) -> Vec<Value> {
    let mut values: Vec<Value> = Vec::with_capacity(count);
    for n in 0..count {
        let mut options: Vec<Value> = takes
            .iter()
            .filter(|&&t| t <= n)
            .map(|&t| values[n - t])
            .collect();
        options.sort_unstable();
        options.dedup();
        let mex = options
            .iter()
            .enumerate()
            .find(|&(i, &v)| v != i as Value)
            .map_or(options.len(), |(i, _)| i);
        values.push(mex as Value);
    }
    values
}

fn plain_census(largest: usize) -> usize {
    all_triples(largest)
        .iter()
        .filter(|t| {
            find_period(&plain_values(&t[..], VALUES), DEFAULT_MIN_REPEATS)
                .found()
                .is_some()
        })
        .count()
}

fn bench(c: &mut Criterion) {
    let sets = all_triples(20).len();
    assert_eq!(
        plain_census(20),
        sets,
        "the reference finds every period too"
    );
    assert_eq!(triple_census(20).unwrap().records.len(), sets);
    let mut group = c.benchmark_group("triple census, a < b < c <= 20");
    group.sample_size(10);
    group.throughput(Throughput::Elements((sets * VALUES) as u64));
    group.bench_function("ladder (bit-set mex, rayon over sets)", |b| {
        b.iter(|| triple_census(20).unwrap())
    });
    group.bench_function("plain reference (sorted mex, one thread)", |b| {
        b.iter(|| plain_census(20))
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
