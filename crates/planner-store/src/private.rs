//! Files only their owner may read: the local workspace, the audit log, the JSON backups of a moved
//! local plan. On Unix they are created with mode 0600 (and an existing one is set so); other users
//! of a shared computer cannot read a plan, names or who was refused what. On Windows the app's
//! files live in the user's profile, which is theirs alone already.

use std::fs::{File, OpenOptions};
use std::io::{self, Write};
use std::path::Path;

#[cfg(unix)]
fn owner_only(options: &mut OpenOptions) -> &mut OpenOptions {
    use std::os::unix::fs::OpenOptionsExt;
    options.mode(0o600)
}

#[cfg(not(unix))]
fn owner_only(options: &mut OpenOptions) -> &mut OpenOptions {
    options
}

/// An existing file made owner-only too (one made before this rule, or by another tool).
fn tighten(file: &File) -> io::Result<()> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = file.metadata()?.permissions().mode();
        if mode & 0o077 != 0 {
            file.set_permissions(std::fs::Permissions::from_mode(mode & 0o700))?;
        }
    }
    #[cfg(not(unix))]
    let _ = file;
    Ok(())
}

/// `path` opened with `options`, created owner-only if missing and tightened if it was not.
fn open(path: &Path, options: &mut OpenOptions) -> io::Result<File> {
    let file = owner_only(options).open(path)?;
    tighten(&file)?;
    Ok(file)
}

/// Makes sure the folder `path` exists and is its owner's alone (0700 on Unix; set so when it
/// was there already), so that no other local user reads the files in it.
pub fn folder(path: &Path) -> io::Result<()> {
    std::fs::create_dir_all(path)?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o700))?;
    }
    Ok(())
}

/// Makes sure `path` exists and is owner-only (created empty if missing).
pub fn ensure(path: &Path) -> io::Result<()> {
    open(path, OpenOptions::new().create(true).append(true)).map(drop)
}

/// `path` opened for appending, created owner-only if missing.
pub fn append(path: &Path) -> io::Result<File> {
    open(path, OpenOptions::new().create(true).append(true))
}

/// Writes `bytes` to `path` (created or replaced), owner-only.
pub fn write(path: &Path, bytes: &[u8]) -> io::Result<()> {
    open(path, OpenOptions::new().create(true).write(true).truncate(true))?.write_all(bytes)
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;
    use std::os::unix::fs::PermissionsExt;

    fn mode(path: &Path) -> u32 {
        std::fs::metadata(path).unwrap().permissions().mode() & 0o777
    }

    #[test]
    fn new_and_existing_files_are_the_owners_only() {
        let dir = std::env::temp_dir().join(format!("rp-private-{}", ulid::Ulid::new()));
        std::fs::create_dir_all(&dir).unwrap();
        let (a, b, c) = (dir.join("a"), dir.join("b"), dir.join("c"));
        ensure(&a).unwrap();
        writeln!(append(&b).unwrap(), "line").unwrap();
        write(&c, b"{}").unwrap();
        assert_eq!((mode(&a), mode(&b), mode(&c)), (0o600, 0o600, 0o600));
        // A file another tool made readable by all is tightened when the app opens it.
        std::fs::set_permissions(&a, std::fs::Permissions::from_mode(0o644)).unwrap();
        ensure(&a).unwrap();
        assert_eq!(mode(&a), 0o600);
        assert_eq!(std::fs::read_to_string(&c).unwrap(), "{}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
