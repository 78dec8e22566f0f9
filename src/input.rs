//! The files a command reads, opened one way: only a regular file, and
//! never more of it than a stated number of bytes.
//!
//! Opening a FIFO for reading waits for a writer, for ever if none comes;
//! `/dev/zero` never ends; a folder is not text. So a path is opened
//! without waiting (`O_NONBLOCK`, which a regular file ignores) and its
//! kind read from the open file itself (`fstat`, so a link swapped between
//! a look and the open cannot slip a FIFO in), and anything but a regular
//! file is refused at once, by name. Every read takes at most `limit`
//! bytes plus one, so a file larger than a reader allows is refused by its
//! size rather than read into memory.

use std::fs::{File, OpenOptions};
use std::io::{self, Read};
use std::path::Path;

/// Opens `path` for reading when it is a regular file (through any links);
/// an error of kind [`io::ErrorKind::InvalidInput`] saying what it is
/// otherwise.
pub fn open(path: &Path) -> io::Result<File> {
    let mut options = OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK);
    }
    let file = options.open(path)?;
    let kind = file.metadata()?.file_type();
    if kind.is_file() {
        return Ok(file);
    }
    Err(io::Error::new(
        io::ErrorKind::InvalidInput,
        format!("{}, not a regular file", what(&kind)),
    ))
}

/// What a file that is not a regular file is, in words.
pub fn what(kind: &std::fs::FileType) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if kind.is_fifo() {
            return "a FIFO (named pipe)";
        }
        if kind.is_char_device() {
            return "a character device";
        }
        if kind.is_block_device() {
            return "a block device";
        }
        if kind.is_socket() {
            return "a socket";
        }
    }
    if kind.is_dir() {
        "a folder"
    } else {
        "not a file"
    }
}

/// The bytes of the regular file `path`, at most `limit` of them: a file
/// larger is an error of kind [`io::ErrorKind::FileTooLarge`] naming the
/// limit.
pub fn read(path: &Path, limit: u64) -> io::Result<Vec<u8>> {
    let mut bytes = Vec::new();
    open(path)?
        .take(limit.saturating_add(1))
        .read_to_end(&mut bytes)?;
    if bytes.len() as u64 > limit {
        return Err(io::Error::new(
            io::ErrorKind::FileTooLarge,
            format!(
                "larger than {} bytes, the most ladder reads of it",
                crate::text::numbers::grouped(limit)
            ),
        ));
    }
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::{Duration, Instant};

    #[test]
    fn a_regular_file_is_read_up_to_its_limit() {
        let folder = tempfile::tempdir().unwrap();
        let path = folder.path().join("a");
        std::fs::write(&path, b"12345").unwrap();
        assert_eq!(read(&path, 5).unwrap(), b"12345");
        let error = read(&path, 4).unwrap_err();
        assert_eq!(error.kind(), io::ErrorKind::FileTooLarge);
        assert!(error.to_string().contains("larger than 4 bytes"), "{error}");
    }

    #[cfg(unix)]
    #[test]
    fn a_fifo_a_device_and_a_folder_are_refused_at_once() {
        let folder = tempfile::tempdir().unwrap();
        let fifo = folder.path().join("fifo");
        let name = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
        assert_eq!(unsafe { libc::mkfifo(name.as_ptr(), 0o600) }, 0);
        let link = folder.path().join("link");
        std::os::unix::fs::symlink(&fifo, &link).unwrap();
        let start = Instant::now();
        for (path, kind) in [
            (fifo.as_path(), "a FIFO"),
            (link.as_path(), "a FIFO"),
            (Path::new("/dev/zero"), "a character device"),
            (folder.path(), "a folder"),
        ] {
            let error = read(path, 1 << 20).unwrap_err();
            assert_eq!(error.kind(), io::ErrorKind::InvalidInput, "{path:?}");
            assert!(error.to_string().starts_with(kind), "{path:?}: {error}");
        }
        assert!(start.elapsed() < Duration::from_secs(5));
    }
}
