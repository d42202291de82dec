//! Path helpers: lexical normalisation and paths relative to the working directory.

use std::path::{Component, Path, PathBuf};

/// `path` relative to `base` (both absolute), with `..` steps where needed. Falls back to `path`
/// itself when the two share no prefix (different drives).
pub fn relative_to(path: &Path, base: &Path) -> PathBuf {
    let path_parts: Vec<Component<'_>> = path.components().collect();
    let base_parts: Vec<Component<'_>> = base.components().collect();
    let common = path_parts
        .iter()
        .zip(&base_parts)
        .take_while(|(a, b)| a == b)
        .count();
    if common == 0 {
        return path.to_path_buf();
    }
    let mut out = PathBuf::new();
    for _ in common..base_parts.len() {
        out.push("..");
    }
    for part in &path_parts[common..] {
        out.push(part);
    }
    if out.as_os_str().is_empty() {
        out.push(".");
    }
    out
}

/// A path for people to read: relative to `cwd`, with `/` separators.
pub fn display(path: &Path, cwd: &Path) -> String {
    to_slash(&relative_to(path, cwd))
}

/// The path with `/` separators on every platform.
pub fn to_slash(path: &Path) -> String {
    let mut joined = String::with_capacity(path.as_os_str().len() + 1);
    for (i, part) in path.components().enumerate() {
        if i > 0 {
            joined.push('/');
        }
        joined.push_str(&part.as_os_str().to_string_lossy());
    }
    // A leading root component prints as "/", so joining doubles it.
    match joined.strip_prefix("//") {
        Some(rest) => format!("/{rest}"),
        None => joined,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn relative_paths_walk_up_and_down() {
        let base = Path::new("/work/main");
        assert_eq!(
            relative_to(Path::new("/work/main/a/b"), base),
            Path::new("a/b")
        );
        assert_eq!(
            relative_to(Path::new("/work/shared/x"), base),
            Path::new("../shared/x")
        );
        assert_eq!(relative_to(Path::new("/work/main"), base), Path::new("."));
    }

    #[test]
    fn slash_form_keeps_the_root() {
        assert_eq!(to_slash(Path::new("/a/b")), "/a/b");
        assert_eq!(to_slash(Path::new("a/b")), "a/b");
        assert_eq!(to_slash(Path::new("/")), "/");
        assert_eq!(to_slash(Path::new("")), "");
        assert_eq!(to_slash(Path::new("./a//b/./c/")), "./a/b/c");
        assert_eq!(to_slash(Path::new("../x")), "../x");
    }
}
