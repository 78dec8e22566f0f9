//! Putting a new folder in the place of an old one in one step, so that
//! `output/` exists at every moment: a server or a reader never sees it
//! missing, and a crash leaves either the old site or the new one.
//!
//! On Linux this is `renameat2(RENAME_EXCHANGE)` (through `rustix`): the two
//! names swap atomically and the old folder ends up at the staging name.
//! Where that is missing (another system, or a file system without it) the
//! fallback is two renames, the old folder moved aside first, which leaves
//! a moment without `output/`; the manual says so (content/manual-guarantees.md).

use std::fs;
use std::io;
use std::path::{Path, PathBuf};

/// Puts the folder `new` at `out`. Returns where the folder that was at
/// `out` now is (to be removed by the caller), or `None` if there was none.
/// `aside` names a free place for the fallback's first rename.
pub fn swap_in(new: &Path, out: &Path, aside: &Path) -> io::Result<Option<PathBuf>> {
    match fs::symlink_metadata(out) {
        Err(e) if e.kind() == io::ErrorKind::NotFound => {
            fs::rename(new, out)?;
            return Ok(None);
        }
        Err(e) => return Err(e),
        Ok(_) => {}
    }
    if exchange(new, out)? {
        return Ok(Some(new.to_path_buf()));
    }
    fs::rename(out, aside)?;
    if let Err(e) = fs::rename(new, out) {
        // Put the old site back rather than leave no site at all.
        let _ = fs::rename(aside, out);
        return Err(e);
    }
    Ok(Some(aside.to_path_buf()))
}

/// Exchanges `a` and `b` atomically; `Ok(false)` when the system or the
/// file system cannot, so the caller falls back.
#[cfg(target_os = "linux")]
fn exchange(a: &Path, b: &Path) -> io::Result<bool> {
    use rustix::fs::{CWD, RenameFlags, renameat_with};
    use rustix::io::Errno;
    match renameat_with(CWD, a, CWD, b, RenameFlags::EXCHANGE) {
        Ok(()) => Ok(true),
        Err(Errno::INVAL | Errno::NOSYS | Errno::NOTSUP) => Ok(false),
        Err(e) => Err(e.into()),
    }
}

#[cfg(not(target_os = "linux"))]
fn exchange(_: &Path, _: &Path) -> io::Result<bool> {
    Ok(false)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_new_folder_takes_the_place_and_the_old_one_is_handed_back() {
        let dir = tempfile::tempdir().unwrap();
        let (new, out, aside) = (
            dir.path().join("new"),
            dir.path().join("out"),
            dir.path().join("aside"),
        );
        fs::create_dir(&new).unwrap();
        fs::write(new.join("v"), "2").unwrap();
        fs::create_dir(&out).unwrap();
        fs::write(out.join("v"), "1").unwrap();
        let old = swap_in(&new, &out, &aside).unwrap().unwrap();
        assert_eq!(fs::read_to_string(out.join("v")).unwrap(), "2");
        assert_eq!(fs::read_to_string(old.join("v")).unwrap(), "1");
        // On Linux the swap is one exchange: nothing was ever moved aside.
        #[cfg(target_os = "linux")]
        assert_eq!(old, new);
    }

    #[test]
    fn a_first_build_is_a_plain_rename() {
        let dir = tempfile::tempdir().unwrap();
        let (new, out) = (dir.path().join("new"), dir.path().join("out"));
        fs::create_dir(&new).unwrap();
        assert_eq!(swap_in(&new, &out, &dir.path().join("x")).unwrap(), None);
        assert!(out.is_dir() && !new.exists());
    }
}
