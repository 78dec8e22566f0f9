//! Compiles the fingerprint of each figure kind's code into the binary
//! (`src/figures/fingerprint.rs` says what it covers and why), so the
//! figure cache is keyed by the code a computation reads, not the binary.

use std::fmt::Write as _;
use std::path::PathBuf;

#[path = "src/figures/fingerprint.rs"]
mod fingerprint;

fn main() {
    println!("cargo::rerun-if-changed=src");
    println!("cargo::rerun-if-changed=engine/src");
    println!("cargo::rerun-if-changed=draw/src");
    println!("cargo::rerun-if-changed=Cargo.lock");
    println!("cargo::rerun-if-changed=build.rs");
    let root = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets it"));
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets it"));
    let mut table = String::from(
        "/// Each figure module's fingerprint: the code its computation reads.\n\
         pub const FINGERPRINTS: &[(&str, u64)] = &[\n",
    );
    for (kind, hash) in fingerprint::fingerprints(&root, &compiler_version()) {
        let _ = writeln!(table, "    ({kind:?}, 0x{hash:016x}),");
    }
    table.push_str("];\n");
    std::fs::write(out.join("fingerprints.rs"), table).expect("OUT_DIR is writable");
}

/// `rustc -V` of the compiler cargo uses: a new compiler may compute a
/// float or an order differently, so it recomputes every figure.
fn compiler_version() -> String {
    let rustc = std::env::var_os("RUSTC").unwrap_or_else(|| "rustc".into());
    std::process::Command::new(rustc)
        .arg("-V")
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).into_owned())
        .unwrap_or_default()
}
