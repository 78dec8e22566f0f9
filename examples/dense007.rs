//! Times the dense engine on ·007: `cargo run --release --example dense007 -- 200000`.
use ladder::games::OctalCode;
use ladder::games::octal_dense::dense_values;
use std::time::Instant;

fn main() {
    let count: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(100_000);
    let code = OctalCode::parse("·007").unwrap();
    let clock = Instant::now();
    let values = dense_values(&code, count);
    let largest = values.iter().max().unwrap();
    println!(
        "·007 to {count}: {:.2} s, largest value {largest}",
        clock.elapsed().as_secs_f64()
    );
}
