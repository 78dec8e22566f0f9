//! The memory a run may have: the least of what the machine has free and
//! what the limits on this process leave it.
//!
//! `MemAvailable` in `/proc/meminfo` is the machine's figure, and it does
//! not show the limits a process can run under:
//! - an address-space or data limit (`ulimit -v` sets `RLIMIT_AS`,
//!   `ulimit -d` sets `RLIMIT_DATA`; getrlimit(2)): past it the allocator is
//!   refused, and a `Vec` that grows by `push` aborts the process;
//! - a control group's memory limit (a container's: `memory.max` in cgroup
//!   v2, `memory.limit_in_bytes` in v1, for the process's own group and
//!   every group above it): the kernel hands out the pages, then kills the
//!   process when they pass the limit.
//!
//! Each limit already counts what is held: the process's address space
//! (`VmSize`) or data (`VmData`) in `/proc/self/status`; the group's usage
//! less its inactive file cache (`inactive_file` in `memory.stat`), which
//! the kernel reclaims before it kills (the "working set" container
//! runtimes compare with the limit). So each room is the limit less that,
//! and the run's room is the least of them, named in a refusal.
//!
//! The figure is read once, when a run starts. What the process maps later
//! (a thread pool's stacks and allocator arenas are address space too)
//! can still leave a run short under `ulimit -v`: the octal engines reserve
//! fallibly as they grow, so that ends in an error, not an abort
//! (`games::octal_memory`). Under a cgroup only this figure helps: the
//! kernel refuses no allocation there.

use std::path::{Path, PathBuf};

use super::FALLBACK_AVAILABLE_BYTES;

/// Where each figure comes from, as a refusal names it.
const FROM_MEMINFO: &str = "MemAvailable in /proc/meminfo";
const FROM_FALLBACK: &str = "assumed: /proc/meminfo cannot be read";
const FROM_ADDRESS_SPACE: &str = "RLIMIT_AS, set by ulimit -v, less the address space in use";
const FROM_DATA: &str = "RLIMIT_DATA, set by ulimit -d, less the data in use";
const FROM_CGROUP: &str = "cgroup memory.max less the group's memory in use";
const FROM_CGROUP_V1: &str = "cgroup v1 memory.limit_in_bytes less the group's memory in use";

/// Where a cgroup v2 hierarchy is mounted: on its own, or beside v1 ones.
const UNIFIED_MOUNTS: [&str; 2] = ["/sys/fs/cgroup", "/sys/fs/cgroup/unified"];
/// Where the cgroup v1 memory hierarchy is mounted.
const MEMORY_V1_MOUNT: &str = "/sys/fs/cgroup/memory";

/// The memory available to a run, in bytes, and where the figure comes
/// from: the least of `MemAvailable` (or [`FALLBACK_AVAILABLE_BYTES`] where
/// `/proc/meminfo` cannot be read), the room under `RLIMIT_AS` and
/// `RLIMIT_DATA`, and the room under the cgroup's memory limit.
pub fn available_memory() -> (u64, &'static str) {
    let machine = read("/proc/meminfo")
        .as_deref()
        .and_then(mem_available)
        .map_or((FALLBACK_AVAILABLE_BYTES, FROM_FALLBACK), |bytes| {
            (bytes, FROM_MEMINFO)
        });
    let status = read("/proc/self/status").unwrap_or_default();
    let limits = [
        room(
            limit::address_space(),
            kilobytes(&status, "VmSize"),
            FROM_ADDRESS_SPACE,
        ),
        room(limit::data(), kilobytes(&status, "VmData"), FROM_DATA),
        cgroup_room(),
    ];
    least(machine, limits.into_iter().flatten())
}

/// The soft limits getrlimit(2) reports; `None` where there is none.
#[cfg(target_os = "linux")]
mod limit {
    use rustix::process::{Resource, getrlimit};

    pub fn address_space() -> Option<u64> {
        getrlimit(Resource::As).current
    }

    pub fn data() -> Option<u64> {
        getrlimit(Resource::Data).current
    }
}

#[cfg(not(target_os = "linux"))]
mod limit {
    pub fn address_space() -> Option<u64> {
        None
    }

    pub fn data() -> Option<u64> {
        None
    }
}

/// The least of `first` and `others`; the first named wins a tie.
fn least(
    first: (u64, &'static str),
    others: impl IntoIterator<Item = (u64, &'static str)>,
) -> (u64, &'static str) {
    others.into_iter().fold(
        first,
        |best, other| if other.0 < best.0 { other } else { best },
    )
}

/// The room under `limit` once `used` is counted (none counted when it
/// cannot be read), named `source`; `None` without a limit.
fn room(
    limit: Option<u64>,
    used: Option<u64>,
    source: &'static str,
) -> Option<(u64, &'static str)> {
    limit.map(|limit| (limit.saturating_sub(used.unwrap_or(0)), source))
}

fn read(path: impl AsRef<Path>) -> Option<String> {
    std::fs::read_to_string(path).ok()
}

/// `MemAvailable:  123456 kB` read from the text of `/proc/meminfo`, in bytes.
fn mem_available(meminfo: &str) -> Option<u64> {
    kilobytes(meminfo, "MemAvailable")
}

/// The field `name` of `/proc/meminfo` or `/proc/self/status`
/// (`VmSize:\t  147716 kB`), in bytes.
fn kilobytes(text: &str, name: &str) -> Option<u64> {
    let line = text
        .lines()
        .find_map(|line| line.strip_prefix(name)?.strip_prefix(':'))?;
    let kilobytes: u64 = line.trim().strip_suffix("kB")?.trim().parse().ok()?;
    kilobytes.checked_mul(1024)
}

/// The process's own control groups, from `/proc/self/cgroup`.
#[derive(Debug, Default, PartialEq, Eq)]
struct OwnGroups<'a> {
    /// Its group in the cgroup v2 hierarchy (`0::/path`).
    unified: Option<&'a str>,
    /// Its group in the v1 hierarchy holding the memory controller
    /// (`4:memory:/path`, or `7:cpu,memory:/path`).
    memory_v1: Option<&'a str>,
}

/// Reads `/proc/self/cgroup`: one `ID:CONTROLLERS:PATH` line a hierarchy.
fn own_groups(text: &str) -> OwnGroups<'_> {
    let mut groups = OwnGroups::default();
    for line in text.lines() {
        let mut fields = line.splitn(3, ':');
        let (Some(id), Some(controllers), Some(path)) =
            (fields.next(), fields.next(), fields.next())
        else {
            continue;
        };
        if id == "0" && controllers.is_empty() {
            groups.unified = Some(path);
        } else if controllers.split(',').any(|c| c == "memory") {
            groups.memory_v1 = Some(path);
        }
    }
    groups
}

/// A limit file's figure: `memory.max` says `max` where there is none.
fn limit_bytes(text: &str) -> Option<u64> {
    text.trim().parse().ok()
}

/// The figure `key` of a `memory.stat` (`inactive_file 421011456`).
fn stat_bytes(stat: &str, key: &str) -> Option<u64> {
    stat.lines().find_map(|line| {
        let (name, value) = line.split_once(' ')?;
        (name == key).then(|| value.trim().parse().ok())?
    })
}

/// The folders of group `path` and of every group above it, up to the
/// hierarchy's root at `mount`. A path not under the mount as seen here (a
/// container's own group mounted as the root) still reaches the root.
fn group_folders(mount: &Path, path: &str) -> Vec<PathBuf> {
    let mut folders = vec![mount.to_path_buf()];
    let mut folder = mount.to_path_buf();
    for part in path.split('/').filter(|part| !part.is_empty()) {
        folder.push(part);
        folders.push(folder.clone());
    }
    folders.reverse();
    folders
}

/// The files a cgroup version keeps its limit and usage in.
struct GroupFiles {
    limit: &'static str,
    usage: &'static str,
    inactive_file: &'static str,
}

const V2: GroupFiles = GroupFiles {
    limit: "memory.max",
    usage: "memory.current",
    inactive_file: "inactive_file",
};

const V1: GroupFiles = GroupFiles {
    limit: "memory.limit_in_bytes",
    usage: "memory.usage_in_bytes",
    inactive_file: "total_inactive_file",
};

/// The room under the memory limit of the process's group, or of a group
/// above it, whichever is less.
fn cgroup_room() -> Option<(u64, &'static str)> {
    let text = read("/proc/self/cgroup")?;
    let groups = own_groups(&text);
    let unified = groups.unified.and_then(|path| {
        UNIFIED_MOUNTS
            .iter()
            .filter_map(|mount| group_room(Path::new(mount), path, &V2))
            .min()
    });
    let memory_v1 = groups
        .memory_v1
        .and_then(|path| group_room(Path::new(MEMORY_V1_MOUNT), path, &V1));
    let rooms = [
        unified.map(|bytes| (bytes, FROM_CGROUP)),
        memory_v1.map(|bytes| (bytes, FROM_CGROUP_V1)),
    ];
    let mut rooms = rooms.into_iter().flatten();
    let first = rooms.next()?;
    Some(least(first, rooms))
}

/// The least room under the limits of group `path` and the groups above it.
fn group_room(mount: &Path, path: &str, files: &GroupFiles) -> Option<u64> {
    group_folders(mount, path)
        .iter()
        .filter_map(|folder| {
            let limit = limit_bytes(&read(folder.join(files.limit))?)?;
            let usage = read(folder.join(files.usage)).and_then(|text| limit_bytes(&text));
            let inactive = read(folder.join("memory.stat"))
                .and_then(|stat| stat_bytes(&stat, files.inactive_file));
            let used = usage.map_or(0, |usage| usage.saturating_sub(inactive.unwrap_or(0)));
            Some(limit.saturating_sub(used))
        })
        .min()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kilobyte_fields_are_read_as_bytes() {
        let meminfo =
            "MemTotal:       24576000 kB\nMemFree:  100 kB\nMemAvailable:   23000000 kB\n";
        assert_eq!(mem_available(meminfo), Some(23_000_000 * 1024));
        assert_eq!(mem_available("MemTotal: 5 kB\n"), None);
        assert_eq!(mem_available("MemAvailable: lots\n"), None);
        let status =
            "Name:\tladder\nVmPeak:\t  150000 kB\nVmSize:\t  147716 kB\nVmData:\t    5292 kB\n";
        assert_eq!(kilobytes(status, "VmSize"), Some(147_716 * 1024));
        assert_eq!(kilobytes(status, "VmData"), Some(5292 * 1024));
        // A name is matched whole, up to its colon.
        assert_eq!(kilobytes("VmSizeX: 1 kB\n", "VmSize"), None);
        assert!(available_memory().0 > 0);
    }

    #[test]
    fn the_least_figure_is_taken_with_its_source() {
        let machine = (23_000_000_000, FROM_MEMINFO);
        assert_eq!(least(machine, []), machine);
        let limits = [
            room(Some(300 << 20), Some(20 << 20), FROM_ADDRESS_SPACE),
            room(None, Some(5 << 20), FROM_DATA),
            Some((1 << 30, FROM_CGROUP)),
        ];
        assert_eq!(
            least(machine, limits.into_iter().flatten()),
            (280 << 20, FROM_ADDRESS_SPACE)
        );
        // What is used already can leave no room at all, never less.
        assert_eq!(room(Some(10), Some(20), FROM_DATA), Some((0, FROM_DATA)));
        assert_eq!(room(Some(10), None, FROM_DATA), Some((10, FROM_DATA)));
    }

    #[test]
    fn own_groups_are_read_from_proc_self_cgroup() {
        let hybrid = "9:name=systemd:/\n4:memory:/process_api/ee91\n1:cpu:/\n0::/\n";
        assert_eq!(
            own_groups(hybrid),
            OwnGroups {
                unified: Some("/"),
                memory_v1: Some("/process_api/ee91"),
            }
        );
        let unified = "0::/user.slice/user-1000.slice/session-2.scope\n";
        assert_eq!(
            own_groups(unified).unified,
            Some("/user.slice/user-1000.slice/session-2.scope")
        );
        // Controllers mounted together; a path may hold a colon.
        let joined = "7:cpu,memory:/a:b\n";
        assert_eq!(own_groups(joined).memory_v1, Some("/a:b"));
        assert_eq!(own_groups("garbage\n\n"), OwnGroups::default());
    }

    #[test]
    fn limit_and_stat_files_are_read() {
        assert_eq!(limit_bytes("max\n"), None);
        assert_eq!(limit_bytes("268435456\n"), Some(268_435_456));
        let stat = "anon 21295104\nfile 774545408\ninactive_file 421011456\nactive_file 35\n";
        assert_eq!(stat_bytes(stat, "inactive_file"), Some(421_011_456));
        assert_eq!(stat_bytes(stat, "inactive"), None);
        assert_eq!(
            stat_bytes("total_inactive_file x\n", "total_inactive_file"),
            None
        );
    }

    #[test]
    fn a_group_is_read_with_every_group_above_it() {
        let mount = Path::new("/sys/fs/cgroup");
        assert_eq!(
            group_folders(mount, "/a/b"),
            [
                PathBuf::from("/sys/fs/cgroup/a/b"),
                PathBuf::from("/sys/fs/cgroup/a"),
                PathBuf::from("/sys/fs/cgroup"),
            ]
        );
        assert_eq!(group_folders(mount, "/"), [PathBuf::from("/sys/fs/cgroup")]);
    }

    #[test]
    fn a_group_limit_leaves_the_least_room_of_its_groups() {
        // A fake hierarchy: the parent's limit binds, less its working set.
        let root = tempfile::tempdir().unwrap();
        let group = root.path().join("parent/child");
        std::fs::create_dir_all(&group).unwrap();
        let parent = root.path().join("parent");
        std::fs::write(group.join("memory.max"), "max\n").unwrap();
        std::fs::write(group.join("memory.current"), "1000\n").unwrap();
        std::fs::write(parent.join("memory.max"), "5000\n").unwrap();
        std::fs::write(parent.join("memory.current"), "3000\n").unwrap();
        std::fs::write(parent.join("memory.stat"), "anon 1000\ninactive_file 500\n").unwrap();
        assert_eq!(group_room(root.path(), "/parent/child", &V2), Some(2500));
        // No limit anywhere: no room to report.
        std::fs::write(parent.join("memory.max"), "max\n").unwrap();
        assert_eq!(group_room(root.path(), "/parent/child", &V2), None);
        // A path that is not there reaches the root of the mount.
        std::fs::write(root.path().join("memory.limit_in_bytes"), "8000\n").unwrap();
        std::fs::write(root.path().join("memory.usage_in_bytes"), "1000\n").unwrap();
        assert_eq!(group_room(root.path(), "/elsewhere/ours", &V1), Some(7000));
    }
}
