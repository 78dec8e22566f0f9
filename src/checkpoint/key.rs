//! The user's checkpoint key: 32 random bytes kept in the user's data
//! folder (`$XDG_DATA_HOME/ladder/checkpoint.key`, else
//! `~/.local/share/ladder/checkpoint.key`), made by the first checkpoint
//! written and readable by the user alone.
//!
//! Every checkpoint ladder writes carries a tag: HMAC-SHA256 under this key
//! of its first four header lines and its values (RFC 2104; the key is a
//! full block of random bytes, so the tag cannot be forged without it). A
//! run that finds the tag good knows the file was written by ladder run by
//! someone holding the key, as it was written, and resumes at full speed;
//! any other file is foreign and its values are checked one by one. So the
//! key guards what a checkpoint proves only as well as the data folder is
//! guarded: whoever can read the key can make a file this user's ladder
//! trusts.

use std::io::Write as _;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};
use hmac::{Hmac, Mac};
use sha2::Sha256;

use crate::text::shown;

/// The key's length in bytes, and its file's: as many hexadecimal digits
/// twice over and a newline.
const LENGTH: usize = 32;
const FILE_LENGTH: u64 = 2 * LENGTH as u64 + 1;

/// The tag's length in bytes (SHA-256's): a key's too, so both are written
/// and read as the same 64 hexadecimal digits.
pub const TAG_LENGTH: usize = LENGTH;

/// A user's checkpoint key.
pub struct Key([u8; LENGTH]);

impl Key {
    /// The tag of a checkpoint: `header` (its first four lines, as written)
    /// and its values, little-endian.
    pub fn tag(&self, header: &[u8], values: &[u16]) -> [u8; TAG_LENGTH] {
        self.mac(header, values).finalize().into_bytes().into()
    }

    /// Whether `tag` is this key's tag of `header` and `values` (compared
    /// in constant time).
    pub fn signed(&self, header: &[u8], values: &[u16], tag: &[u8; TAG_LENGTH]) -> bool {
        self.mac(header, values).verify_slice(tag).is_ok()
    }

    fn mac(&self, header: &[u8], values: &[u16]) -> Hmac<Sha256> {
        let mut mac =
            <Hmac<Sha256> as Mac>::new_from_slice(&self.0).expect("HMAC takes a key of any length");
        mac.update(header);
        let mut bytes = Vec::with_capacity(1 << 16);
        for chunk in values.chunks(1 << 15) {
            bytes.clear();
            bytes.extend(chunk.iter().flat_map(|v| v.to_le_bytes()));
            mac.update(&bytes);
        }
        mac
    }
}

/// 32 bytes as 64 lower-case hexadecimal digits: a key's file, a tag's line.
pub fn to_hex(bytes: &[u8; LENGTH]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// 64 hexadecimal digits as 32 bytes; `None` for anything else.
pub fn from_hex(text: &str) -> Option<[u8; LENGTH]> {
    if text.len() != 2 * LENGTH || !text.bytes().all(|b| b.is_ascii_hexdigit()) {
        return None;
    }
    let mut bytes = [0u8; LENGTH];
    for (i, byte) in bytes.iter_mut().enumerate() {
        *byte = u8::from_str_radix(&text[2 * i..2 * i + 2], 16).ok()?;
    }
    Some(bytes)
}

/// Where the key is kept: from `XDG_DATA_HOME` (when it is an absolute
/// path, as the XDG specification asks) or `HOME`; `None` when neither says.
pub fn location() -> Option<PathBuf> {
    let data = std::env::var_os("XDG_DATA_HOME")
        .map(PathBuf::from)
        .filter(|p| p.is_absolute())
        .or_else(|| {
            std::env::var_os("HOME")
                .map(PathBuf::from)
                .filter(|p| p.is_absolute())
                .map(|home| home.join(".local/share"))
        })?;
    Some(data.join("ladder").join("checkpoint.key"))
}

/// The key at `path`, or `None` when there is none yet; a file that is not
/// a key is an error that names it.
pub fn load(path: &Path) -> Result<Option<Key>> {
    let bytes = match crate::input::read(path, FILE_LENGTH) {
        Ok(bytes) => bytes,
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(error) => {
            return Err(error).with_context(|| format!("{}: cannot read", shown::file(path)));
        }
    };
    let text = std::str::from_utf8(&bytes).unwrap_or_default();
    let key = text.strip_suffix('\n').and_then(from_hex);
    let Some(key) = key else {
        bail!(
            "{}: not a checkpoint key (it should be {} hexadecimal digits and a newline); \
             remove it and the next checkpoint written makes a new one (checkpoints written \
             under the old key are then checked value by value when resumed)",
            shown::file(path),
            2 * LENGTH
        );
    };
    private(path)?;
    Ok(Some(Key(key)))
}

/// A key others could read could forge a checkpoint's tag, and one in a
/// folder others could write could be swapped: the key must be its owner's
/// alone (no bit for the group or others) and its folder writable by its
/// owner alone, or it is refused with the command that makes it so.
#[cfg(unix)]
fn private(path: &Path) -> Result<()> {
    use std::os::unix::fs::PermissionsExt as _;
    let mode = std::fs::metadata(path)
        .with_context(|| format!("{}: cannot read", shown::file(path)))?
        .permissions()
        .mode();
    if mode & 0o077 != 0 {
        bail!(
            "{}: the checkpoint key can be read or written by others (mode {:o}), so a \
             checkpoint's tag could be forged: make it private with `chmod 600 {}`",
            shown::file(path),
            mode & 0o777,
            shown::file(path)
        );
    }
    if let Some(folder) = path.parent().filter(|f| !f.as_os_str().is_empty()) {
        let mode = std::fs::metadata(folder)
            .with_context(|| format!("{}: cannot read", shown::file(folder)))?
            .permissions()
            .mode();
        if mode & 0o022 != 0 {
            bail!(
                "{}: the checkpoint key's folder can be written by others (mode {:o}), so the \
                 key could be replaced: make it private with `chmod 700 {}`",
                shown::file(folder),
                mode & 0o777,
                shown::file(folder)
            );
        }
    }
    Ok(())
}

#[cfg(not(unix))]
fn private(_: &Path) -> Result<()> {
    Ok(())
}

/// The key at `path`, made (from the system's random source, into a new
/// folder readable by the user alone) when there is none. Two runs making
/// one at once agree: the first file to land is kept, and both read it.
pub fn load_or_make(path: &Path) -> Result<Key> {
    if let Some(key) = load(path)? {
        return Ok(key);
    }
    let folder = path.parent().unwrap_or(Path::new("."));
    let mut builder = std::fs::DirBuilder::new();
    builder.recursive(true);
    #[cfg(unix)]
    std::os::unix::fs::DirBuilderExt::mode(&mut builder, 0o700);
    builder
        .create(folder)
        .with_context(|| format!("{}: cannot make the folder", shown::file(folder)))?;
    let mut key = [0u8; LENGTH];
    getrandom::fill(&mut key)
        .map_err(|e| anyhow::anyhow!("cannot read the system's random source: {e}"))?;
    let text = to_hex(&key);
    // A new temporary file is readable by its owner alone.
    let mut file = tempfile::Builder::new()
        .prefix(".checkpoint.key.")
        .tempfile_in(folder)
        .with_context(|| format!("{}: cannot write", shown::file(path)))?;
    writeln!(file, "{text}")
        .and_then(|()| file.as_file().sync_all())
        .with_context(|| format!("{}: cannot write", shown::file(path)))?;
    match file.persist_noclobber(path) {
        Ok(_) => Ok(Key(key)),
        Err(error) if error.error.kind() == std::io::ErrorKind::AlreadyExists => {
            load(path)?.with_context(|| format!("{}: vanished as it was read", shown::file(path)))
        }
        Err(error) => {
            Err(error.error).with_context(|| format!("{}: cannot write", shown::file(path)))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_is_made_once_and_read_back() {
        let folder = tempfile::tempdir().unwrap();
        let path = folder.path().join("data/ladder/checkpoint.key");
        assert!(load(&path).unwrap().is_none());
        let made = load_or_make(&path).unwrap();
        let again = load_or_make(&path).unwrap();
        assert_eq!(made.0, again.0);
        let header = b"ladder checkpoint 2\n";
        let tag = made.tag(header, &[0, 1, 2]);
        assert!(again.signed(header, &[0, 1, 2], &tag));
        assert!(!again.signed(header, &[0, 1, 3], &tag));
        assert!(!again.signed(b"ladder checkpoint 3\n", &[0, 1, 2], &tag));
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
            assert_eq!(mode(&path), 0o600);
            assert_eq!(mode(path.parent().unwrap()), 0o700);
        }
    }

    #[test]
    fn another_key_does_not_sign() {
        let folder = tempfile::tempdir().unwrap();
        let mine = load_or_make(&folder.path().join("a")).unwrap();
        let theirs = load_or_make(&folder.path().join("b")).unwrap();
        assert_ne!(mine.0, theirs.0, "random keys");
        let tag = theirs.tag(b"h", &[5]);
        assert!(!mine.signed(b"h", &[5], &tag));
    }

    #[test]
    fn a_file_that_is_not_a_key_is_named() {
        let folder = tempfile::tempdir().unwrap();
        let path = folder.path().join("checkpoint.key");
        for bad in [
            "",
            "00\n",
            &"zz".repeat(32),
            &format!("{}\n", "g".repeat(64)),
        ] {
            std::fs::write(&path, bad).unwrap();
            let error = format!("{:#}", load(&path).err().unwrap());
            assert!(error.contains("not a checkpoint key"), "{bad:?}: {error}");
        }
        std::fs::write(&path, "0".repeat(10_000)).unwrap();
        let error = format!("{:#}", load(&path).err().unwrap());
        assert!(error.contains("larger than 65 bytes"), "{error}");
    }

    /// Issue 50, point 4: a key others can read or write, or in a folder
    /// others can write, is refused with the command that makes it private.
    #[cfg(unix)]
    #[test]
    fn a_key_others_can_read_or_write_is_refused_with_its_remedy() {
        use std::os::unix::fs::PermissionsExt;
        let folder = tempfile::tempdir().unwrap();
        let path = folder.path().join("ladder/checkpoint.key");
        load_or_make(&path).unwrap();
        let set = |p: &Path, mode: u32| {
            std::fs::set_permissions(p, std::fs::Permissions::from_mode(mode)).unwrap()
        };
        for mode in [0o644, 0o666, 0o640, 0o604] {
            set(&path, mode);
            let error = format!("{:#}", load(&path).err().unwrap());
            assert!(error.contains("chmod 600"), "{mode:o}: {error}");
        }
        set(&path, 0o600);
        assert!(load(&path).unwrap().is_some());
        let parent = path.parent().unwrap();
        set(parent, 0o777);
        let error = format!("{:#}", load(&path).err().unwrap());
        assert!(error.contains("chmod 700"), "{error}");
        set(parent, 0o755);
        assert!(
            load(&path).unwrap().is_some(),
            "a folder others may read is fine"
        );
    }
}
